#if canImport(CX11)
import CX11
import SesameAutoType

/// X keysyms for what Auto-Type types: characters (Latin-1 is its own keysym, the rest Unicode keysyms, except
/// the few legacy keysyms layouts use for common characters) and the named keys of sequences.
enum Keysym {
    static let legacy: [Unicode.Scalar: KeySym] = ["€": 0x20ac]

    static func forScalar(_ scalar: Unicode.Scalar) -> KeySym {
        switch scalar.value {
        case 0x0a, 0x0d: return KeySym(XK_Return)
        case 0x09: return KeySym(XK_Tab)
        case 0x08: return KeySym(XK_BackSpace)
        case 0x1b: return KeySym(XK_Escape)
        case 0x20...0x7e, 0xa0...0xff: return KeySym(scalar.value)
        default: return legacy[scalar] ?? KeySym(0x0100_0000 + scalar.value)
        }
    }

    /// The keysyms that type one character: one per Unicode scalar, so "e" with a combining accent types both.
    static func forCharacter(_ character: Character) -> [KeySym] {
        character == "\r\n" ? [KeySym(XK_Return)] : character.unicodeScalars.map(forScalar)
    }

    static func forKey(_ key: AutoTypeKey) -> KeySym {
        XStringToKeysym(key.keysymName)
    }
}
#endif
