/// What Auto-Type types, in KeePass's sequence syntax: text typed as it is, placeholders in braces, and the
/// modifier prefixes `+` (Shift), `^` (Control), `%` (Alt), `#` (Super) for the key that follows; `~` is Enter.
/// The default is `{USERNAME}{TAB}{PASSWORD}{ENTER}`, cut down when the user name or password is empty.
public struct AutoTypeSequence: Equatable, Sendable {
    public enum Key: String, Sendable {
        case tab = "Tab", enter = "Return", space = "space", backspace = "BackSpace", delete = "Delete"
        case escape = "Escape", up = "Up", down = "Down", left = "Left", right = "Right", home = "Home", end = "End"
        case insert = "Insert", pageUp = "Prior", pageDown = "Next"
    }

    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let shift = Modifiers(rawValue: 1)
        public static let control = Modifiers(rawValue: 2)
        public static let alt = Modifiers(rawValue: 4)
        public static let superKey = Modifiers(rawValue: 8)
    }

    public enum Step: Equatable, Sendable {
        case text(String)
        case key(Key, Modifiers)
        case character(Character, Modifiers)
        /// `{DELAY n}`: a pause of n milliseconds.
        case pause(milliseconds: Int)
        /// `{DELAY=n}`: n milliseconds between keys from here on.
        case keyDelay(milliseconds: Int)
    }

    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The values placeholders stand for.
    public struct Fields: Sendable {
        public var username: String
        public var password: String
        public var title: String
        public var url: String

        public init(username: String, password: String, title: String = "", url: String = "") {
            self.username = username
            self.password = password
            self.title = title
            self.url = url
        }
    }

    public var steps: [Step]

    /// The default sequence for these fields.
    public static func standard(for fields: Fields) -> [Step] {
        var steps: [Step] = []
        if !fields.username.isEmpty { steps += [.text(fields.username)] }
        if !fields.username.isEmpty && !fields.password.isEmpty { steps += [.key(.tab, [])] }
        if !fields.password.isEmpty { steps += [.text(fields.password)] }
        return steps + [.key(.enter, [])]
    }

    static let longestDelay = 10_000

    /// Parses `text` with the placeholders filled from `fields`. Unknown placeholders, `{TOTP}` (no one-time codes in
    /// this version) and unbalanced braces are refused: typing half a sequence is worse than typing none.
    public init(parsing text: String, fields: Fields) throws(Failure) {
        var steps: [Step] = []
        var modifiers: Modifiers = []
        var index = text.startIndex
        func emit(_ step: Step) {
            if case .text(let added) = step, case .text(let previous)? = steps.last, modifiers.isEmpty {
                steps[steps.count - 1] = .text(previous + added)
            } else {
                steps.append(step)
            }
            modifiers = []
        }
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            switch character {
            case "+": modifiers.insert(.shift)
            case "^": modifiers.insert(.control)
            case "%": modifiers.insert(.alt)
            case "#": modifiers.insert(.superKey)
            case "~": emit(.key(.enter, modifiers))
            case "{":
                // `{}}` and `{{}` name the braces themselves.
                guard let close = text[index...].dropFirst().firstIndex(of: "}") ?? text[index...].firstIndex(of: "}")
                else { throw Failure(description: "A '{' in the Auto-Type sequence is not closed.") }
                let name = String(text[index..<close])
                index = text.index(after: close)
                try emit(Self.placeholder(name, fields: fields, modifiers: modifiers))
            default:
                emit(modifiers.isEmpty ? .text(String(character)) : .character(character, modifiers))
            }
        }
        guard modifiers.isEmpty else { throw Failure(description: "The Auto-Type sequence ends with a modifier.") }
        self.steps = steps
    }

    private static func placeholder(_ name: String, fields: Fields, modifiers: Modifiers) throws(Failure) -> Step {
        let upper = name.uppercased()
        let keys: [String: Key] = [
            "TAB": .tab, "ENTER": .enter, "SPACE": .space, "BACKSPACE": .backspace, "BS": .backspace, "BKSP": .backspace,
            "DEL": .delete, "DELETE": .delete, "ESC": .escape, "UP": .up, "DOWN": .down, "LEFT": .left,
            "RIGHT": .right, "HOME": .home, "END": .end, "INSERT": .insert, "INS": .insert, "PGUP": .pageUp,
            "PGDN": .pageDown,
        ]
        if let key = keys[upper] { return .key(key, modifiers) }
        switch upper {
        case "USERNAME": return .text(fields.username)
        case "PASSWORD": return .text(fields.password)
        case "TITLE": return .text(fields.title)
        case "URL": return .text(fields.url)
        case "+", "^", "%", "#", "~", "{", "}", "(", ")": return .character(Character(name), modifiers)
        case "TOTP":
            throw Failure(description: "{TOTP} cannot be typed: one-time codes are not available in this version.")
        default: break
        }
        for (prefix, pause) in [("DELAY=", false), ("DELAY ", true)] where upper.hasPrefix(prefix) {
            guard let milliseconds = Int(upper.dropFirst(prefix.count)), (0...longestDelay).contains(milliseconds) else {
                throw Failure(description: "{\(name)} needs a number of milliseconds up to \(longestDelay).")
            }
            return pause ? .pause(milliseconds: milliseconds) : .keyDelay(milliseconds: milliseconds)
        }
        throw Failure(description: "The Auto-Type sequence has an unknown placeholder {\(name)}.")
    }
}
