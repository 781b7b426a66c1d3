/// A key Auto-Type presses by name: KeePass's special keys, named after what they do, not after any platform's
/// codes (the X11 and Wayland shells map them to keysyms).
public enum AutoTypeKey: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
    case tab, enter, space, backspace, delete, insert, home, end, pageUp, pageDown, up, down, left, right, escape
    case capsLock, numLock, scrollLock, printScreen, pause, menu, superLeft, superRight
    case f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14, f15, f16
    case keypadAdd, keypadSubtract, keypadMultiply, keypadDivide, keypadDecimal
    case keypad0, keypad1, keypad2, keypad3, keypad4, keypad5, keypad6, keypad7, keypad8, keypad9

    /// The key's X keysym name, which X11 (`XStringToKeysym`) and wtype (`-k`) both understand.
    public var keysymName: String {
        switch self {
        case .tab: "Tab"
        case .enter: "Return"
        case .space: "space"
        case .backspace: "BackSpace"
        case .delete: "Delete"
        case .insert: "Insert"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "Prior"
        case .pageDown: "Next"
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .escape: "Escape"
        case .capsLock: "Caps_Lock"
        case .numLock: "Num_Lock"
        case .scrollLock: "Scroll_Lock"
        case .printScreen: "Print"
        case .pause: "Pause"
        case .menu: "Menu"
        case .superLeft: "Super_L"
        case .superRight: "Super_R"
        case .keypadAdd: "KP_Add"
        case .keypadSubtract: "KP_Subtract"
        case .keypadMultiply: "KP_Multiply"
        case .keypadDivide: "KP_Divide"
        case .keypadDecimal: "KP_Decimal"
        default:
            // f1…f16 and keypad0…keypad9 follow one pattern.
            rawValue.hasPrefix("keypad") ? "KP_" + rawValue.dropFirst("keypad".count) : rawValue.uppercased()
        }
    }

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
