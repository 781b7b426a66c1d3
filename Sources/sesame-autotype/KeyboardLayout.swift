#if canImport(CX11)
import CX11
import Glibc

/// The active XKB layout, read once per typing: for every keysym, the key and the modifiers that type it in the
/// active group; and the keycodes no key uses, lent to keysyms the layout lacks and given back afterwards.
final class KeyboardLayout {
    struct Position {
        var keycode: KeyCode
        var modifiers: UInt32
    }

    private let display: XDisplay
    private var positions: [KeySym: Position] = [:]
    private var spareKeycodes: [KeyCode] = []
    /// Keysyms currently bound to a spare keycode by this helper.
    private var lent: [KeySym: KeyCode] = [:]
    /// Keycode for each modifier bit (Shift, Lock, Control, Mod1…Mod5), from the server's modifier map.
    private var modifierKeycodes: [UInt32: KeyCode] = [:]
    let group: Int32

    init(display: XDisplay) throws(AutoTypeFailure) {
        self.display = display
        var state = XkbStateRec()
        guard XkbGetState(display.handle, UInt32(XkbUseCoreKbd), &state) == Success else {
            throw AutoTypeFailure("The X server did not report the keyboard state (XKB).")
        }
        group = Int32(state.group)
        guard let xkb = XkbGetMap(display.handle, UInt32(XkbKeyTypesMask | XkbKeySymsMask | XkbModifierMapMask), UInt32(XkbUseCoreKbd)) else {
            throw AutoTypeFailure("The X server did not hand out its keyboard map (XKB).")
        }
        defer { XkbFreeKeyboard(xkb, 0, 1) }
        for code in Int(xkb.pointee.min_key_code)...Int(xkb.pointee.max_key_code) {
            let keycode = KeyCode(code)
            let groups = sesame_xkb_group_count(xkb, keycode)
            guard groups > 0 else {
                spareKeycodes.append(keycode)
                continue
            }
            // A group beyond the key's own wraps round, as XKB's default group wrap does.
            let keyGroup = group < groups ? group : group % groups
            for level in 0..<sesame_xkb_group_width(xkb, keycode, keyGroup) {
                let keysym = sesame_xkb_keysym(xkb, keycode, keyGroup, level)
                guard keysym != 0 else { continue }
                let mask = sesame_xkb_level_modifiers(xkb, keycode, keyGroup, level)
                guard mask >= 0 else { continue }
                // The position needing the fewest modifiers wins (a plain key over a keypad with NumLock).
                if let known = positions[keysym], known.modifiers.nonzeroBitCount <= UInt32(mask).nonzeroBitCount {
                    continue
                }
                positions[keysym] = Position(keycode: keycode, modifiers: UInt32(mask))
            }
        }
        readModifierMap()
    }

    private func readModifierMap() {
        guard let map = XGetModifierMapping(display.handle) else { return }
        defer { XFreeModifiermap(map) }
        let perModifier = Int(map.pointee.max_keypermod)
        for bit in 0..<8 {
            for index in 0..<perModifier {
                let keycode = map.pointee.modifiermap[bit * perModifier + index]
                if keycode != 0 {
                    modifierKeycodes[UInt32(1) << UInt32(bit)] = keycode
                    break
                }
            }
        }
    }

    /// Where `keysym` is typed, lending it a spare keycode when the layout has it nowhere.
    func position(of keysym: KeySym) throws(AutoTypeFailure) -> Position {
        if let position = positions[keysym] { return position }
        if let keycode = lent[keysym] { return Position(keycode: keycode, modifiers: 0) }
        if spareKeycodes.isEmpty { restoreLentKeycodes() }
        // The highest free keycode first (the list is ascending): low ones are where real keys appear.
        guard let keycode = spareKeycodes.popLast() else {
            throw AutoTypeFailure("The keyboard map has no free keycode to type a character the layout lacks.")
        }
        var symbols: [KeySym] = [keysym, keysym]
        XChangeKeyboardMapping(display.handle, Int32(keycode), 2, &symbols, 1)
        XSync(display.handle, 0)
        lent[keysym] = keycode
        // Clients reload their map on the MappingNotify this causes; give them the moment to do it before the
        // key arrives, or they read it with the old map.
        usleep(40_000)
        return Position(keycode: keycode, modifiers: 0)
    }

    /// How long a lent keycode keeps its keysym after its last key. A client reads the map again when it handles
    /// the MappingNotify ahead of the key, which on a busy machine can be well after the key was sent: change the
    /// map before then and it reads the key with the new map, and the character is lost or wrong.
    static let lentKeycodeGraceMicroseconds: UInt32 = 2_000_000

    /// Gives every lent keycode back its empty mapping, after the grace period that lets clients read their keys.
    func restoreLentKeycodes() {
        guard !lent.isEmpty else { return }
        XSync(display.handle, 0)
        usleep(Self.lentKeycodeGraceMicroseconds)
        for keycode in lent.values {
            var none: [KeySym] = [0]
            XChangeKeyboardMapping(display.handle, Int32(keycode), 1, &none, 1)
            spareKeycodes.append(keycode)
        }
        spareKeycodes.sort()
        lent.removeAll()
        XSync(display.handle, 0)
    }

    /// The keycodes to hold for a modifier mask, or nil when one of its modifiers has no key in the map.
    func modifierKeycodes(for mask: UInt32) -> [KeyCode]? {
        var keycodes: [KeyCode] = []
        for bit in 0..<8 where mask & (UInt32(1) << UInt32(bit)) != 0 {
            guard let keycode = modifierKeycodes[UInt32(1) << UInt32(bit)] else { return nil }
            keycodes.append(keycode)
        }
        return keycodes
    }

    deinit { restoreLentKeycodes() }
}
#endif
