import CX11
import Foundation

/// Types an Auto-Type sequence into one window through XTest. Each character's keysym is looked up in the active
/// XKB group (level 1, or level 2 with Shift); a character the layout lacks (or has only behind a dead key or
/// AltGr) is typed through a spare keycode, remapped for it and restored afterwards. Typing stops as soon as the
/// focus leaves the window it was started for.
public final class X11Typist {
    public struct Aborted: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    let session: X11Session
    let window: X11Session.Window
    /// Milliseconds between keys (KeePassXC's default: 25); `{DELAY=n}` changes it.
    public var keyDelay: Int

    private var display: OpaquePointer { session.display }
    private var spareKeycode: UInt8?

    public init(session: X11Session, window: X11Session.Window, keyDelay: Int = 25) {
        self.session = session
        self.window = window
        self.keyDelay = keyDelay
    }

    /// Waits (up to 2 s) until no modifier is held, such as those of the hotkey that started Auto-Type. Caps Lock
    /// would turn letters typed from the map into capitals: refused, as KeePassXC does.
    public func waitForModifiersReleased() throws(Aborted) {
        var state = XkbStateRec()
        XkbGetState(display, UInt32(XkbUseCoreKbd), &state)
        if UInt32(state.locked_mods) & UInt32(LockMask) != 0 {
            throw Aborted(description: "Caps Lock is on; turn it off and try again.")
        }
        for _ in 0..<40 {
            if !anyModifierDown() { return }
            usleep(50_000)
        }
        throw Aborted(description: "A modifier key is still held down; release it and try again.")
    }

    public func type(_ steps: [AutoTypeSequence.Step]) throws(Aborted) {
        defer { restoreSpareKeycode() }
        for step in steps {
            switch step {
            case .text(let text):
                for character in text { try press(character, []) }
            case .character(let character, let modifiers):
                try press(character, modifiers)
            case .key(let key, let modifiers):
                try press(keysym: XStringToKeysym(key.rawValue), modifiers)
            case .pause(let milliseconds):
                usleep(UInt32(milliseconds) * 1000)
            case .keyDelay(let milliseconds):
                keyDelay = milliseconds
            }
        }
    }

    // MARK: - Keys

    private func press(_ character: Character, _ modifiers: AutoTypeSequence.Modifiers) throws(Aborted) {
        for scalar in character.unicodeScalars {
            try press(keysym: Self.keysym(for: scalar), modifiers)
        }
    }

    /// The keysym of a character: Latin-1 code points are their own keysyms, control characters map to keys, the
    /// rest is `0x01000000 + code point` (X11's Unicode keysyms).
    static func keysym(for scalar: Unicode.Scalar) -> UInt {
        switch scalar.value {
        case 0x09: return UInt(XK_Tab)
        case 0x0A, 0x0D: return UInt(XK_Return)
        case 0x08: return UInt(XK_BackSpace)
        case 0x1B: return UInt(XK_Escape)
        case 0x20...0x7E, 0xA0...0xFF: return UInt(scalar.value)
        default: return 0x0100_0000 + UInt(scalar.value)
        }
    }

    private func press(keysym: UInt, _ modifiers: AutoTypeSequence.Modifiers) throws(Aborted) {
        guard session.stillFocused(window) else {
            throw Aborted(description: "The focus left the window while typing; Auto-Type stopped.")
        }
        var (keycode, shifted) = lookUp(keysym)
        if keycode == 0 {
            keycode = try remapSpareKeycode(to: keysym)
            shifted = false
        }
        var held = modifierKeycodes(modifiers)
        if shifted, !modifiers.contains(.shift) { held.append(XKeysymToKeycode(display, UInt(XK_Shift_L))) }
        for modifier in held { XTestFakeKeyEvent(display, UInt32(modifier), 1, 0) }
        XTestFakeKeyEvent(display, UInt32(keycode), 1, 0)
        XTestFakeKeyEvent(display, UInt32(keycode), 0, 0)
        for modifier in held.reversed() { XTestFakeKeyEvent(display, UInt32(modifier), 0, 0) }
        XSync(display, 0)
        usleep(UInt32(max(keyDelay, 1)) * 1000)
    }

    /// The keycode that gives `keysym` in the active group at level 1 or 2, and whether it needs Shift.
    private func lookUp(_ keysym: UInt) -> (UInt8, Bool) {
        var state = XkbStateRec()
        XkbGetState(display, UInt32(XkbUseCoreKbd), &state)
        let group = Int32(state.group)
        var minimum: Int32 = 0, maximum: Int32 = 0
        XDisplayKeycodes(display, &minimum, &maximum)
        for level in 0..<2 {
            for code in minimum...maximum where XkbKeycodeToKeysym(display, UInt8(code), group, Int32(level)) == keysym {
                return (UInt8(code), level == 1)
            }
        }
        return (0, false)
    }

    private func modifierKeycodes(_ modifiers: AutoTypeSequence.Modifiers) -> [UInt8] {
        var keysyms: [Int32] = []
        if modifiers.contains(.shift) { keysyms.append(XK_Shift_L) }
        if modifiers.contains(.control) { keysyms.append(XK_Control_L) }
        if modifiers.contains(.alt) { keysyms.append(XK_Alt_L) }
        if modifiers.contains(.superKey) { keysyms.append(XK_Super_L) }
        return keysyms.map { XKeysymToKeycode(display, UInt($0)) }.filter { $0 != 0 }
    }

    private func anyModifierDown() -> Bool {
        var keys = [CChar](repeating: 0, count: 32)
        XQueryKeymap(display, &keys)
        guard let map = XGetModifierMapping(display) else { return false }
        defer { XFreeModifiermap(map) }
        let perModifier = Int(map.pointee.max_keypermod)
        for index in 0..<(8 * perModifier) {
            let code = Int(map.pointee.modifiermap[index])
            if code != 0, UInt8(bitPattern: keys[code / 8]) & (1 << (code % 8)) != 0 { return true }
        }
        return false
    }

    // MARK: - The spare keycode

    /// A keycode with no symbols, bound to `keysym` (both levels) for the next key press.
    private func remapSpareKeycode(to keysym: UInt) throws(Aborted) -> UInt8 {
        if spareKeycode == nil { spareKeycode = findSpareKeycode() }
        guard let code = spareKeycode else {
            throw Aborted(description: "The keyboard map has no spare key to type a character the layout lacks.")
        }
        var symbols: [UInt] = [keysym, keysym]
        XChangeKeyboardMapping(display, Int32(code), 2, &symbols, 1)
        XSync(display, 0)
        // The server tells clients of the new map asynchronously; give the focused client a moment to read it.
        usleep(20_000)
        return code
    }

    private func findSpareKeycode() -> UInt8? {
        var minimum: Int32 = 0, maximum: Int32 = 0
        XDisplayKeycodes(display, &minimum, &maximum)
        var perCode: Int32 = 0
        guard let map = XGetKeyboardMapping(display, UInt8(minimum), maximum - minimum + 1, &perCode) else { return nil }
        defer { XFree(map) }
        for code in stride(from: maximum, through: minimum, by: -1) {
            let offset = Int(code - minimum) * Int(perCode)
            if (0..<Int(perCode)).allSatisfy({ map[offset + $0] == 0 }) { return UInt8(code) }
        }
        return nil
    }

    private func restoreSpareKeycode() {
        guard let code = spareKeycode else { return }
        var symbols: [UInt] = [0, 0]
        XChangeKeyboardMapping(display, Int32(code), 2, &symbols, 1)
        XSync(display, 0)
        spareKeycode = nil
    }
}
