/// What a site accepts as a password, in the terms of Apple's password rules language
/// (`minlength: 20; required: lower; required: upper, digit; allowed: [-_]; max-consecutive: 2`).
///
/// Characters are ASCII-printable bytes: custom sets in the language can only name those. The `unicode` class is kept
/// as a flag; a generator draws from ASCII-printable characters for it (see `docs/generator.md`).
public struct PasswordRules: Sendable, Equatable {
    /// One `required:` rule: a password must contain at least one character from the union of its classes.
    public typealias Requirement = Set<UInt8>

    public var minLength: Int?
    public var maxLength: Int?
    public var maxConsecutive: Int?
    public var required: [Requirement]
    /// The union of `allowed:` rules; empty means none was given.
    public var allowed: Set<UInt8>
    /// Whether `unicode` appeared in an `allowed:` or `required:` rule.
    public var allowsUnicode: Bool

    public init(minLength: Int? = nil, maxLength: Int? = nil, maxConsecutive: Int? = nil,
                required: [Requirement] = [], allowed: Set<UInt8> = [], allowsUnicode: Bool = false) {
        self.minLength = minLength
        self.maxLength = maxLength
        self.maxConsecutive = maxConsecutive
        self.required = required
        self.allowed = allowed
        self.allowsUnicode = allowsUnicode
    }

    /// Every character a password may contain: allowed and required characters together, or ASCII-printable when
    /// the rules name none (as Apple's generator does).
    public var alphabet: Set<UInt8> {
        var union = allowed
        for requirement in required { union.formUnion(requirement) }
        if union.isEmpty || allowsUnicode { union.formUnion(PasswordCharacterClass.asciiPrintable.characters) }
        return union
    }

    /// Whether `password` follows every rule (length included).
    public func isSatisfied(by password: String) -> Bool {
        let bytes = Array(password.utf8)
        if let minLength, bytes.count < minLength { return false }
        if let maxLength, bytes.count > maxLength { return false }
        let alphabet = alphabet
        guard bytes.allSatisfy(alphabet.contains) else { return false }
        guard required.allSatisfy({ requirement in bytes.contains(where: requirement.contains) }) else { return false }
        if let maxConsecutive {
            var run = 0
            for (index, byte) in bytes.enumerated() {
                run = index > 0 && bytes[index - 1] == byte ? run + 1 : 1
                if run > maxConsecutive { return false }
            }
        }
        return true
    }
}

/// The named classes of the rules language, with Apple's definitions.
public enum PasswordCharacterClass: String, Sendable, CaseIterable {
    case upper, lower, digit, special
    case asciiPrintable = "ascii-printable"
    case unicode

    public var characters: Set<UInt8> {
        switch self {
        case .upper: Set(UInt8(ascii: "A")...UInt8(ascii: "Z"))
        case .lower: Set(UInt8(ascii: "a")...UInt8(ascii: "z"))
        case .digit: Set(UInt8(ascii: "0")...UInt8(ascii: "9"))
        // Apple's list leaves out `/` and `\`.
        case .special: Set("-~!@#$%^&*_+=`|(){}[:;\"'<>,.? ]".utf8)
        case .asciiPrintable, .unicode: Set(0x20...0x7E)
        }
    }
}
