/// Reads Apple's password rules language: `name: value; name: value; …` with the names `minlength`, `maxlength`,
/// `max-consecutive` (a number) and `required`, `allowed` (a comma-separated list of the classes `upper`, `lower`,
/// `digit`, `special`, `ascii-printable`, `unicode` and custom sets such as `[-_!]`).
///
/// Unlike Apple's lenient parser, which skips what it does not understand, anything malformed is an error naming its
/// place: a rule silently dropped would generate passwords the site rejects. Custom sets follow Apple's reading:
/// `-` counts only as the first character, `]]` closes a set that includes `]`, and characters beyond ASCII are
/// passed over.
public struct PasswordRulesParser {
    private let text: [UInt8]
    private var position = 0

    public static func parse(_ text: String) throws(PasswordRulesError) -> PasswordRules {
        var parser = PasswordRulesParser(text: Array(text.utf8))
        return try parser.parseRules()
    }

    private init(text: [UInt8]) { self.text = text }

    private mutating func parseRules() throws(PasswordRulesError) -> PasswordRules {
        var rules = PasswordRules()
        skipSpaces()
        while position < text.count {
            let nameStart = position
            let name = readWhile(Self.isNameCharacter).lowercased()
            guard !name.isEmpty else { throw error("expected a rule name", at: nameStart) }
            skipSpaces()
            guard consume(UInt8(ascii: ":")) else { throw error("expected ':' after '\(name)'") }
            skipSpaces()
            switch name {
            case "minlength": rules.minLength = max(try readNumber(for: name), rules.minLength ?? 0)
            case "maxlength": rules.maxLength = min(try readNumber(for: name), rules.maxLength ?? .max)
            case "max-consecutive": rules.maxConsecutive = min(try readNumber(for: name), rules.maxConsecutive ?? .max)
            case "required", "allowed":
                let (characters, unicode) = try readClassList()
                if unicode { rules.allowsUnicode = true }
                if name == "allowed" {
                    rules.allowed.formUnion(characters)
                } else if !unicode {
                    // A `required: unicode` is met by any character, so it constrains nothing.
                    rules.required.append(characters)
                }
            default:
                throw error("unknown rule '\(name)' (expected minlength, maxlength, max-consecutive, required or allowed)", at: nameStart)
            }
            skipSpaces()
            if position < text.count {
                guard consume(UInt8(ascii: ";")) else { throw error("expected ';' between rules") }
                skipSpaces()
            }
        }
        if let minLength = rules.minLength, let maxLength = rules.maxLength, minLength > maxLength {
            throw PasswordRulesError("minlength \(minLength) is above maxlength \(maxLength)", at: text.count)
        }
        return rules
    }

    /// Repeated limits combine to the strictest, like Apple's parser.
    private mutating func readNumber(for name: String) throws(PasswordRulesError) -> Int {
        let start = position
        let digits = readWhile { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard !digits.isEmpty else { throw error("'\(name)' takes a number", at: start) }
        guard digits.count <= 4, let value = Int(digits), value > 0 else {
            throw error("'\(name)' must be between 1 and 9999", at: start)
        }
        return value
    }

    private mutating func readClassList() throws(PasswordRulesError) -> (Set<UInt8>, unicode: Bool) {
        var characters = Set<UInt8>()
        var unicode = false
        repeat {
            skipSpaces()
            let start = position
            if consume(UInt8(ascii: "[")) {
                characters.formUnion(try readCustomSet(openedAt: start))
            } else {
                let name = readWhile(Self.isNameCharacter).lowercased()
                guard let named = PasswordCharacterClass(rawValue: name) else {
                    let found = name.isEmpty ? "nothing" : "'\(name)'"
                    throw error("expected a character class (upper, lower, digit, special, ascii-printable, unicode or [characters]) but found \(found)", at: start)
                }
                if named == .unicode { unicode = true }
                characters.formUnion(named.characters)
            }
            skipSpaces()
        } while consume(UInt8(ascii: ","))
        return (characters, unicode)
    }

    private mutating func readCustomSet(openedAt start: Int) throws(PasswordRulesError) -> Set<UInt8> {
        var characters = Set<UInt8>()
        let first = position
        while position < text.count {
            let byte = text[position]
            position += 1
            if byte == UInt8(ascii: "]") {
                if position < text.count, text[position] == UInt8(ascii: "]") {
                    characters.insert(byte)
                    position += 1
                }
                guard !characters.isEmpty else { throw error("the character set is empty", at: start) }
                return characters
            }
            // Like Apple's parser, letters beyond ASCII (`ä`, `£`) are passed over: passwords are drawn from ASCII, and
            // a site that accepts them accepts passwords without them.
            if byte >= 0x80 { continue }
            guard byte >= 0x20, byte != 0x7F else {
                throw error("a character set may not hold control characters", at: position - 1)
            }
            if byte == UInt8(ascii: "-"), position - 1 != first {
                throw error("'-' may only be the first character of a character set", at: position - 1)
            }
            characters.insert(byte)
        }
        throw error("the character set opened here is not closed with ']'", at: start)
    }

    private static func isNameCharacter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "-")
    }

    private mutating func readWhile(_ predicate: (UInt8) -> Bool) -> String {
        let start = position
        while position < text.count, predicate(text[position]) { position += 1 }
        return String(decoding: text[start..<position], as: UTF8.self)
    }

    private mutating func skipSpaces() {
        while position < text.count, text[position] == UInt8(ascii: " ") || text[position] == UInt8(ascii: "\t") || text[position] == 0x0A {
            position += 1
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard position < text.count, text[position] == byte else { return false }
        position += 1
        return true
    }

    private func error(_ message: String, at offset: Int? = nil) -> PasswordRulesError {
        PasswordRulesError(message, at: (offset ?? position) + 1)
    }
}
