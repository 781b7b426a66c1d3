/// A KeePass Auto-Type sequence, parsed: `{USERNAME}{TAB}{PASSWORD}{ENTER}` and the rest of KeePass's syntax that
/// makes sense on Linux (see docs/autotype.md). Parsing is pure; the item's values are put in by `actions(…)`.
public struct AutoTypeSequence: Sendable, Hashable {
    public static let defaultSequence = "{USERNAME}{TAB}{PASSWORD}{ENTER}"
    /// Upper bounds that keep a typo (`{TAB 1000000}`, `{DELAY 9999999}`) from taking over the keyboard for hours.
    public static let maximumRepeat = 100
    public static let maximumPauseMilliseconds = 60_000
    public static let maximumKeyDelayMilliseconds = 1_000
    /// Longer than any real sequence; keeps a hostile field from making the parser allocate without end.
    public static let maximumLength = 10_000

    public let source: String
    public let tokens: [AutoTypeToken]

    public init(_ source: String) throws(AutoTypeSequenceError) {
        self.source = source
        var parser = Parser(Array(source))
        guard parser.characters.count <= Self.maximumLength else {
            throw AutoTypeSequenceError(position: Self.maximumLength + 1,
                                        reason: "it is longer than \(Self.maximumLength) characters")
        }
        tokens = try parser.parse()
    }

    /// The default sequence, cut down as KeePassXC does when the item has no user name or no password.
    public static func standard(username: String, password: String) -> AutoTypeSequence {
        let source = switch (username.isEmpty, password.isEmpty) {
        case (true, false): "{PASSWORD}{ENTER}"
        case (false, true): "{USERNAME}{ENTER}"
        default: defaultSequence
        }
        // The three sources are constants of this file and parse.
        return try! AutoTypeSequence(source)
    }
}

extension AutoTypeSequence {
    /// Commands and placeholders KeePass knows that Sesame does not run, named so the error says so plainly
    /// instead of calling them unknown.
    static let unsupported: Set<String> = [
        "VKEY", "VKEY-NX", "VKEY-EX", "APPACTIVATE", "BEEP", "PICKCHARS", "PICKFIELD", "NEWPASSWORD", "HMACOTP",
        "GROUP", "GROUP_PATH", "GROUP_NOTES", "DB_PATH", "DB_DIR", "DB_NAME", "DB_BASENAME", "DB_EXT", "APPDIR",
        "PASSWORD_ENC", "CMD", "C", "BASE", "URL:RMVSCM", "URL:SCM", "URL:HOST", "URL:PORT", "URL:PATH",
        "URL:QUERY", "URL:USERINFO", "URL:USERNAME", "URL:PASSWORD", "T-REPLACE-RX", "T-CONV", "REF", "MODE",
        "SMARTCARD", "FIREFOX", "GOOGLECHROME", "INTERNETEXPLORER", "OPERA", "SAFARI", "ENV_DIRSEP",
        "ENV_PROGRAMFILES_X86", "CLIPBOARD", "CLIPBOARD-SET", "TIMEOTP",
    ]

    struct Parser {
        let characters: [Character]
        var index = 0
        var tokens: [AutoTypeToken] = []

        init(_ characters: [Character]) { self.characters = characters }

        mutating func parse() throws(AutoTypeSequenceError) -> [AutoTypeToken] {
            while index < characters.count {
                let character = characters[index]
                if AutoTypeModifiers.fromSequenceCharacter(character) != nil {
                    try parseModified()
                } else if character == "{" {
                    try parseBraces(modifiers: [], allowFields: true)
                } else if character == "~" {
                    append(.keystroke(AutoTypeKeystroke(.enter)), times: 1)
                    index += 1
                } else if character == "(" || character == ")" || character == "}" {
                    throw error(at: index, "'\(character)' has a meaning in sequences; write {\(character)} to type it")
                } else {
                    appendText(String(character))
                    index += 1
                }
            }
            return tokens
        }

        /// `+a`, `^{TAB}`, `%(abc)`: modifiers collected, then one key or a group of keys they apply to.
        mutating func parseModified() throws(AutoTypeSequenceError) {
            let start = index
            var modifiers: AutoTypeModifiers = []
            while index < characters.count, let modifier = AutoTypeModifiers.fromSequenceCharacter(characters[index]) {
                modifiers.insert(modifier)
                index += 1
            }
            guard index < characters.count else {
                throw error(at: start, "a modifier (+ ^ % #) must be followed by a key; write {+} {^} {%} {#} to type one")
            }
            let character = characters[index]
            switch character {
            case "{":
                try parseBraces(modifiers: modifiers, allowFields: false)
            case "~":
                append(.keystroke(AutoTypeKeystroke(.enter, modifiers: modifiers)), times: 1)
                index += 1
            case "(":
                try parseGroup(modifiers: modifiers)
            case ")", "}":
                throw error(at: index, "a modifier must be followed by a key, not '\(character)'")
            default:
                append(.keystroke(AutoTypeKeystroke(.character(character), modifiers: modifiers)), times: 1)
                index += 1
            }
        }

        /// `(abc{TAB})` after modifiers: each key inside is pressed with them held.
        mutating func parseGroup(modifiers: AutoTypeModifiers) throws(AutoTypeSequenceError) {
            let open = index
            index += 1
            while index < characters.count {
                let character = characters[index]
                switch character {
                case ")":
                    index += 1
                    return
                case "{":
                    try parseBraces(modifiers: modifiers, allowFields: false)
                case "~":
                    append(.keystroke(AutoTypeKeystroke(.enter, modifiers: modifiers)), times: 1)
                    index += 1
                case "(", "}":
                    throw error(at: index, "'\(character)' inside a group; write {\(character)} to type it")
                default:
                    if let extra = AutoTypeModifiers.fromSequenceCharacter(character) {
                        // A modifier inside a group adds to the group's own for the next key.
                        index += 1
                        guard index < characters.count, characters[index] != ")" else {
                            throw error(at: index - 1, "a modifier must be followed by a key")
                        }
                        let next = characters[index]
                        if next == "{" {
                            try parseBraces(modifiers: modifiers.union(extra), allowFields: false)
                        } else if next == "(" || next == "}" {
                            throw error(at: index, "'\(next)' inside a group; write {\(next)} to type it")
                        } else {
                            let key: AutoTypeKeystroke.Key = next == "~" ? .named(.enter) : .character(next)
                            append(.keystroke(AutoTypeKeystroke(key, modifiers: modifiers.union(extra))), times: 1)
                            index += 1
                        }
                    } else {
                        append(.keystroke(AutoTypeKeystroke(.character(character), modifiers: modifiers)), times: 1)
                        index += 1
                    }
                }
            }
            throw error(at: open, "the group opened here is not closed with ')'")
        }

        /// `{…}` at `index`: a key, a literal character, a placeholder or a command, with an optional count.
        mutating func parseBraces(modifiers: AutoTypeModifiers, allowFields: Bool) throws(AutoTypeSequenceError) {
            let open = index
            // `{}}` types a closing brace; it is the one form whose content contains '}'.
            if index + 2 < characters.count, characters[index + 1] == "}", characters[index + 2] == "}" {
                append(literal: "}", modifiers: modifiers, times: 1)
                index += 3
                return
            }
            guard let close = characters[(index + 1)...].firstIndex(of: "}") else {
                throw error(at: open, "the '{' here is not closed with '}'")
            }
            let content = String(characters[(open + 1)..<close])
            index = close + 1
            guard !content.isEmpty else { throw error(at: open, "'{}' names nothing; write {{} to type '{'") }

            let upper = content.uppercased()
            // `{S:Field Name}` keeps spaces and case: the rest is the field's name.
            if upper.hasPrefix("S:") {
                let name = String(content.dropFirst(2))
                guard !name.isEmpty else { throw error(at: open, "{S:} needs the name of a custom field") }
                guard allowFields, modifiers.isEmpty else { throw fieldWithModifiers(content, at: open) }
                tokens.append(.field(.custom(name)))
                return
            }
            if upper.hasPrefix("DELAY=") {
                let milliseconds = try number(String(content.dropFirst(6)), in: content, at: open,
                                              maximum: AutoTypeSequence.maximumKeyDelayMilliseconds)
                guard modifiers.isEmpty else { throw fieldWithModifiers(content, at: open) }
                tokens.append(.keyDelay(milliseconds: milliseconds))
                return
            }
            // A count follows the name after one space: `{TAB 3}`, `{DELAY 500}`, `{a 3}`.
            var name = content
            var argument: String?
            if let space = content.dropFirst().firstIndex(of: " ") {
                name = String(content[..<space])
                argument = String(content[content.index(after: space)...])
            }
            let upperName = name.uppercased()

            if upperName == "DELAY" {
                guard let argument else { throw error(at: open, "{DELAY n} needs a number of milliseconds") }
                let milliseconds = try number(argument, in: content, at: open,
                                              maximum: AutoTypeSequence.maximumPauseMilliseconds)
                guard modifiers.isEmpty else { throw fieldWithModifiers(content, at: open) }
                tokens.append(.pause(milliseconds: milliseconds))
                return
            }
            let count = try argument.map { (text) throws(AutoTypeSequenceError) -> Int in
                try number(text, in: content, at: open, maximum: AutoTypeSequence.maximumRepeat)
            } ?? 1

            if name.count == 1 {
                append(literal: name.first!, modifiers: modifiers, times: count)
            } else if let key = AutoTypeKey.byKeePassName[upperName] {
                append(.keystroke(AutoTypeKeystroke(key, modifiers: modifiers)), times: count)
            } else if let field = AutoTypeField.byKeePassName[upperName] {
                guard allowFields, modifiers.isEmpty else { throw fieldWithModifiers(content, at: open) }
                guard argument == nil else { throw error(at: open, "{\(name)} takes no count") }
                tokens.append(.field(field))
            } else if upperName == "CLEARFIELD" {
                guard modifiers.isEmpty else { throw fieldWithModifiers(content, at: open) }
                guard argument == nil else { throw error(at: open, "{CLEARFIELD} takes no count") }
                tokens.append(.clearField)
            } else if AutoTypeSequence.unsupported.contains(upperName)
                        || AutoTypeSequence.unsupported.contains(String(upperName.prefix { $0 != ":" })) {
                throw error(at: open, "{\(name)} is a KeePass command Sesame does not run")
            } else {
                throw error(at: open, "{\(name)} is not a key, placeholder or command Sesame knows")
            }
        }

        mutating func append(literal character: Character, modifiers: AutoTypeModifiers, times: Int) {
            if modifiers.isEmpty {
                appendText(String(repeating: String(character), count: times))
            } else {
                append(.keystroke(AutoTypeKeystroke(.character(character), modifiers: modifiers)), times: times)
            }
        }

        mutating func append(_ token: AutoTypeToken, times: Int) {
            tokens.append(contentsOf: repeatElement(token, count: times))
        }

        /// Adjacent characters join one text token, so the typing shell sees words, not single letters.
        mutating func appendText(_ text: String) {
            guard !text.isEmpty else { return }
            if case .text(let previous)? = tokens.last {
                tokens[tokens.count - 1] = .text(previous + text)
            } else {
                tokens.append(.text(text))
            }
        }

        func number(_ text: String, in content: String, at position: Int, maximum: Int)
            throws(AutoTypeSequenceError) -> Int {
            guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text) else {
                throw error(at: position, "'\(text)' in {\(content)} is not a whole number")
            }
            guard value <= maximum else {
                throw error(at: position, "\(value) in {\(content)} is more than the limit of \(maximum)")
            }
            return value
        }

        func fieldWithModifiers(_ content: String, at position: Int) -> AutoTypeSequenceError {
            error(at: position, "modifiers and groups apply to keys, not to {\(content)}")
        }

        func error(at position: Int, _ reason: String) -> AutoTypeSequenceError {
            AutoTypeSequenceError(position: position + 1, reason: reason)
        }
    }
}
