import Foundation
import SesameCrypto

/// Random passwords that follow a set of ``PasswordRules``, drawn uniformly among all passwords of the chosen length
/// that satisfy them.
///
/// Uniformity comes from rejection sampling of whole passwords: each attempt draws every character independently and
/// uniformly from the rules' alphabet, and an attempt that breaks a rule is thrown away entirely and drawn again.
/// Every satisfying password is equally likely on each attempt, so the accepted one is uniform among them, with none
/// of the bias of placing required classes first or of repairing a failed draw. ``acceptance`` (exact counting over
/// required-class coverage and runs) tells beforehand whether the rules can be met at all and how often an attempt
/// succeeds; rules met by fewer than one attempt in ``minimumAcceptance`` are refused rather than tried for long.
public struct PasswordGenerator: Sendable, Equatable {
    public struct Classes: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let lowercase = Classes(rawValue: 1)
        public static let uppercase = Classes(rawValue: 2)
        public static let digits = Classes(rawValue: 4)
        public static let symbols = Classes(rawValue: 8)
        public static let all: Classes = [.lowercase, .uppercase, .digits, .symbols]
    }

    public static let defaultLength = 20
    public static let maximumLength = 256
    /// Characters people misread for one another; `excludesLookAlikes` leaves them out.
    public static let lookAlikes = Set("0Oo1lI|`'\"".utf8)
    public static let minimumAcceptance = 1e-5
    /// Characters one password may cost on average (length / acceptance): rules from a web page reach the iOS
    /// extension, and a long password met by 1 in 60,000 draws kept it busy for seconds (found by FuzzPasswordRules).
    public static let maximumExpectedCharacters = 1_000_000.0

    /// Characters per class for the option-based generator. Symbols avoid quotes, backslash and space, which break
    /// shells and form fields.
    static let alphabets: [(Classes, String)] = [
        (.lowercase, "abcdefghijklmnopqrstuvwxyz"),
        (.uppercase, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
        (.digits, "0123456789"),
        (.symbols, "!#$%&()*+,-./:;<=>?@[]^_{|}~"),
    ]

    public var rules: PasswordRules
    /// The length asked for; nil takes ``defaultLength`` moved inside the rules' minlength and maxlength.
    public var length: Int?
    public var excludesLookAlikes: Bool

    /// Passwords with at least one character of each chosen class.
    public init(length: Int = defaultLength, classes: Classes = .all, excludesLookAlikes: Bool = false) {
        let required = Self.alphabets.filter { classes.contains($0.0) }.map { Set($0.1.utf8) }
        self.init(rules: PasswordRules(required: required), length: length, excludesLookAlikes: excludesLookAlikes)
    }

    public init(rules: PasswordRules, length: Int? = nil, excludesLookAlikes: Bool = false) {
        self.rules = rules
        self.length = length
        self.excludesLookAlikes = excludesLookAlikes
    }

    /// What one attempt draws from and must meet, after the options are applied to the rules.
    struct Plan {
        var alphabet: [UInt8]
        var requirements: [Set<UInt8>]
        var length: Int
        /// nil when runs cannot break the rules (no limit, or the limit is at least the length).
        var maxConsecutive: Int?
    }

    func plan() throws(ServiceFailure) -> Plan {
        var alphabet = rules.alphabet
        var requirements = rules.required
        if excludesLookAlikes {
            alphabet.subtract(Self.lookAlikes)
            requirements = requirements.map { $0.subtracting(Self.lookAlikes) }
            if requirements.contains(where: \.isEmpty) {
                throw ServiceFailure(.invalidInput, "A required class holds only look-alike characters; allow them to meet it.")
            }
        }
        let lowest = max(rules.minLength ?? 1, 1), highest = min(rules.maxLength ?? Self.maximumLength, Self.maximumLength)
        guard lowest <= highest else {
            throw ServiceFailure(.invalidInput, "The rules ask for at least \(lowest) characters; at most \(Self.maximumLength) can be generated.")
        }
        let chosen = length ?? min(max(Self.defaultLength, lowest), highest)
        guard (lowest...highest).contains(chosen) else {
            throw ServiceFailure(.invalidInput, "The length must be between \(lowest) and \(highest).")
        }
        let runLimit = rules.maxConsecutive.flatMap { $0 < chosen ? $0 : nil }
        return Plan(alphabet: alphabet.sorted(), requirements: requirements, length: chosen, maxConsecutive: runLimit)
    }

    /// The share of uniformly drawn passwords of the chosen length that satisfy the rules: exact counting over which
    /// requirements are covered, which character group came last and how long the current run is.
    public func acceptance() throws(ServiceFailure) -> Double {
        guard let acceptance = try PasswordRulesCounter(plan()).acceptance else {
            throw ServiceFailure(.invalidInput, "The rules are too complex to check: use at most \(PasswordRulesCounter.maximumRequirements) required classes and a shorter length or max-consecutive.")
        }
        return acceptance
    }

    /// Bits of entropy of one password: log2 of the number of passwords the generator chooses among.
    public var entropyBits: Double {
        guard let plan = try? plan(), let acceptance = try? acceptance(), acceptance > 0 else { return 0 }
        return Double(plan.length) * log2(Double(plan.alphabet.count)) + log2(acceptance)
    }

    public func validate() throws(ServiceFailure) {
        let plan = try plan()
        let acceptance = try acceptance()
        guard acceptance > 0 else {
            throw ServiceFailure(.invalidInput, "No password of \(plan.length) characters can meet every rule (each required class needs a character of its own, and runs may not repeat too long).")
        }
        guard acceptance >= Self.minimumAcceptance else {
            throw ServiceFailure(.invalidInput, "The rules are too narrow: fewer than 1 in \(Int((1 / Self.minimumAcceptance).rounded())) passwords of \(plan.length) characters meet them; allow more characters or a longer length.")
        }
        guard Double(plan.length) / acceptance <= Self.maximumExpectedCharacters else {
            throw ServiceFailure(.invalidInput, "The rules are too narrow for \(plan.length) characters: only 1 in \(Int((1 / acceptance).rounded())) such passwords meets them; allow more characters or a shorter length.")
        }
    }

    public func generate() throws(ServiceFailure) -> String {
        var random = SecureRandomNumberGenerator()
        return try generate(count: 1, using: &random)[0]
    }

    public func generate<Random: RandomNumberGenerator>(using random: inout Random) throws(ServiceFailure) -> String {
        try generate(count: 1, using: &random)[0]
    }

    /// Several passwords, checking the rules once.
    public func generate<Random: RandomNumberGenerator>(count: Int, using random: inout Random) throws(ServiceFailure) -> [String] {
        try validate()
        let plan = try plan()
        // Each character's bit set of the requirements it meets, so checking an attempt is a few table lookups.
        var masks = [Int](repeating: 0, count: 128)
        for (index, requirement) in plan.requirements.enumerated() {
            for character in requirement { masks[Int(character)] |= 1 << index }
        }
        let full = (1 << plan.requirements.count) - 1
        var bytes = [UInt8](repeating: 0, count: plan.length)
        var passwords: [String] = []
        while passwords.count < count {
            for index in bytes.indices { bytes[index] = plan.alphabet[Int.random(in: 0..<plan.alphabet.count, using: &random)] }
            if Self.meets(plan, bytes, masks: masks, full: full) { passwords.append(String(decoding: bytes, as: UTF8.self)) }
        }
        zeroize(&bytes)
        return passwords
    }

    private static func meets(_ plan: Plan, _ bytes: [UInt8], masks: [Int], full: Int) -> Bool {
        var covered = 0
        for byte in bytes { covered |= masks[Int(byte)] }
        guard covered == full else { return false }
        guard let limit = plan.maxConsecutive else { return true }
        var run = 1
        for index in bytes.indices.dropFirst() {
            run = bytes[index] == bytes[index - 1] ? run + 1 : 1
            if run > limit { return false }
        }
        return true
    }
}
