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
        let value: Int32 = switch key {
        case .tab: XK_Tab
        case .enter: XK_Return
        case .space: XK_space
        case .backspace: XK_BackSpace
        case .delete: XK_Delete
        case .insert: XK_Insert
        case .home: XK_Home
        case .end: XK_End
        case .pageUp: XK_Page_Up
        case .pageDown: XK_Page_Down
        case .up: XK_Up
        case .down: XK_Down
        case .left: XK_Left
        case .right: XK_Right
        case .escape: XK_Escape
        case .capsLock: XK_Caps_Lock
        case .numLock: XK_Num_Lock
        case .scrollLock: XK_Scroll_Lock
        case .printScreen: XK_Print
        case .pause: XK_Pause
        case .menu: XK_Menu
        case .superLeft: XK_Super_L
        case .superRight: XK_Super_R
        case .f1: XK_F1
        case .f2: XK_F2
        case .f3: XK_F3
        case .f4: XK_F4
        case .f5: XK_F5
        case .f6: XK_F6
        case .f7: XK_F7
        case .f8: XK_F8
        case .f9: XK_F9
        case .f10: XK_F10
        case .f11: XK_F11
        case .f12: XK_F12
        case .f13: XK_F13
        case .f14: XK_F14
        case .f15: XK_F15
        case .f16: XK_F16
        case .keypadAdd: XK_KP_Add
        case .keypadSubtract: XK_KP_Subtract
        case .keypadMultiply: XK_KP_Multiply
        case .keypadDivide: XK_KP_Divide
        case .keypadDecimal: XK_KP_Decimal
        case .keypad0: XK_KP_0
        case .keypad1: XK_KP_1
        case .keypad2: XK_KP_2
        case .keypad3: XK_KP_3
        case .keypad4: XK_KP_4
        case .keypad5: XK_KP_5
        case .keypad6: XK_KP_6
        case .keypad7: XK_KP_7
        case .keypad8: XK_KP_8
        case .keypad9: XK_KP_9
        }
        return KeySym(value)
    }
}
#endif
