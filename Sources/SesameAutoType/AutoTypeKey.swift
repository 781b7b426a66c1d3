/// A key Auto-Type presses by name: KeePass's special keys, named after what they do, not after any platform's
/// codes (the X11 and Wayland shells map them to keysyms).
public enum AutoTypeKey: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
    case tab, enter, space, backspace, delete, insert, home, end, pageUp, pageDown, up, down, left, right, escape
    case capsLock, numLock, scrollLock, printScreen, pause, menu, superLeft, superRight
    case f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14, f15, f16
    case keypadAdd, keypadSubtract, keypadMultiply, keypadDivide, keypadDecimal
    case keypad0, keypad1, keypad2, keypad3, keypad4, keypad5, keypad6, keypad7, keypad8, keypad9

    /// KeePass's names inside braces (`{TAB}`, `{PGDN}`, …), upper case, aliases included.
    static let byKeePassName: [String: AutoTypeKey] = {
        var names: [String: AutoTypeKey] = [
            "TAB": .tab, "ENTER": .enter, "SPACE": .space, "BACKSPACE": .backspace, "BS": .backspace,
            "BKSP": .backspace, "DELETE": .delete, "DEL": .delete, "INSERT": .insert, "INS": .insert,
            "HOME": .home, "END": .end, "PGUP": .pageUp, "PGDN": .pageDown, "UP": .up, "DOWN": .down,
            "LEFT": .left, "RIGHT": .right, "ESC": .escape, "CAPSLOCK": .capsLock, "NUMLOCK": .numLock,
            "SCROLLLOCK": .scrollLock, "PRTSC": .printScreen, "BREAK": .pause, "APPS": .menu, "WIN": .superLeft,
            "LWIN": .superLeft, "RWIN": .superRight, "ADD": .keypadAdd, "SUBTRACT": .keypadSubtract,
            "MULTIPLY": .keypadMultiply, "DIVIDE": .keypadDivide, "DECIMAL": .keypadDecimal,
        ]
        let functionKeys: [AutoTypeKey] = [.f1, .f2, .f3, .f4, .f5, .f6, .f7, .f8, .f9, .f10, .f11, .f12, .f13, .f14,
                                           .f15, .f16]
        for (index, key) in functionKeys.enumerated() { names["F\(index + 1)"] = key }
        let keypad: [AutoTypeKey] = [.keypad0, .keypad1, .keypad2, .keypad3, .keypad4, .keypad5, .keypad6, .keypad7,
                                     .keypad8, .keypad9]
        for (index, key) in keypad.enumerated() { names["NUMPAD\(index)"] = key }
        return names
    }()
}
