import Foundation
import SesameCrypto
#if canImport(CZxcvbn)
import CZxcvbn
#endif

/// How hard a password is to guess, as zxcvbn estimates it (Debian's libzxcvbn, the C port of Dropbox's
/// estimator): its entropy in bits and the patterns it found (dictionary words, keyboard walks, dates…).
public struct PasswordStrength: Sendable, Equatable {
    /// What made a part of the password guessable.
    public enum Pattern: String, Sendable, CaseIterable, Codable {
        case dictionaryWord, substitutedWord, personalWord, repetition, sequence, keyboardPattern, date, year
        case shortRandom

        var phrase: String {
            switch self {
            case .dictionaryWord: "a common password or dictionary word"
            case .substitutedWord: "a dictionary word with look-alike substitutions"
            case .personalWord: "the login's own title, user name or site"
            case .repetition: "repeated characters"
            case .sequence: "a sequence such as abc or 123"
            case .keyboardPattern: "a keyboard pattern"
            case .date: "a date"
            case .year: "a year"
            case .shortRandom: "too few characters"
            }
        }
    }

    /// Below this many bits a password falls to an offline attack on a fast hash within hours.
    public static let weakBelowBits = 40.0

    /// A master password (or a backup's) guards every other password, behind Argon2id; below this estimate it
    /// is refused unless the person insists. Five random words of the EFF list, or twelve random characters,
    /// pass; a dictionary word with digits does not.
    public static let masterPasswordMinimumBits = 50.0

    public var bits: Double
    public var patterns: [Pattern]

    public var isWeak: Bool { bits < Self.weakBelowBits }

    /// Whether the estimate is enough for a password that protects a whole vault or export.
    public var isEnoughForMasterPassword: Bool { bits >= Self.masterPasswordMinimumBits }

    /// One sentence for people: what the estimate found, then the figure.
    public var reason: String {
        let found = patterns.isEmpty ? "" : ListFormatting.sentence(patterns.map(\.phrase)) + "; "
        return "\(found)about \(Int(bits.rounded())) bits"
    }

    /// Estimates `password`, treating `personalWords` (the login's title, user name, sites) as known to an attacker.
    public static func estimate(_ password: String, personalWords: [String] = []) -> PasswordStrength? {
        password.withCString { estimate($0, personalWords: personalWords) }
    }

    /// Estimates a password held in secure memory (a master password), copied only into another `SecureBytes`
    /// to end it with the NUL the C library needs: it never becomes a Swift string.
    public static func estimate(_ password: SecureBytes, personalWords: [String] = []) -> PasswordStrength? {
        let terminated = SecureBytes(count: password.count + 1)
        return terminated.withUnsafeMutableBytes { buffer in
            password.withUnsafeBytes { source in buffer.copyMemory(from: source) }
            buffer[password.count] = 0
            return estimate(buffer.baseAddress!.assumingMemoryBound(to: CChar.self), personalWords: personalWords)
        }
    }

    private static func estimate(_ password: UnsafePointer<CChar>, personalWords: [String]) -> PasswordStrength? {
        #if canImport(CZxcvbn)
        var words = personalWords.filter { !$0.isEmpty }.map { strdup($0) }
        defer { words.forEach { free($0) } }
        words.append(nil)
        var info: UnsafeMutablePointer<ZxcMatch_t>?
        let bits = words.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { dictionary in
                ZxcvbnMatch(password, dictionary, &info)
            }
        }
        defer { ZxcvbnFreeInfo(info) }
        var patterns: [Pattern] = []
        var part = info
        while let match = part {
            if let pattern = Self.pattern(match.pointee.Type.rawValue & ~UInt32(MULTIPLE_MATCH.rawValue)),
               !patterns.contains(pattern) {
                patterns.append(pattern)
            }
            part = match.pointee.Next
        }
        if patterns.isEmpty && bits < weakBelowBits { patterns = [.shortRandom] }
        return PasswordStrength(bits: bits, patterns: patterns)
        #else
        return nil
        #endif
    }

    #if canImport(CZxcvbn)
    private static func pattern(_ type: UInt32) -> Pattern? {
        switch type {
        case DICTIONARY_MATCH.rawValue: .dictionaryWord
        case DICT_LEET_MATCH.rawValue: .substitutedWord
        case USER_MATCH.rawValue, USER_LEET_MATCH.rawValue: .personalWord
        case REPEATS_MATCH.rawValue: .repetition
        case SEQUENCE_MATCH.rawValue: .sequence
        case SPATIAL_MATCH.rawValue: .keyboardPattern
        case DATE_MATCH.rawValue: .date
        case YEAR_MATCH.rawValue: .year
        default: nil
        }
    }
    #endif
}
