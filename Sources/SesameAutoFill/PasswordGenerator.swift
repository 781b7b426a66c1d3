import Foundation
import SesameCrypto

/// Random passwords from chosen character classes, with at least one character of each class, drawn uniformly
/// from the operating system's random source.
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
    public static let lengthRange = 4...256

    public var length: Int
    public var classes: Classes

    public init(length: Int = defaultLength, classes: Classes = .all) {
        self.length = length
        self.classes = classes
    }

    /// Characters per class. Symbols avoid quotes, backslash and space, which break shells and form fields.
    static let alphabets: [(Classes, [Character])] = [
        (.lowercase, Array("abcdefghijklmnopqrstuvwxyz")),
        (.uppercase, Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")),
        (.digits, Array("0123456789")),
        (.symbols, Array("!#$%&()*+,-./:;<=>?@[]^_{|}~")),
    ]

    /// Bits of entropy of one password (before the at-least-one-per-class rule, which removes very little).
    public var entropyBits: Double {
        let size = Self.alphabets.filter { classes.contains($0.0) }.reduce(0) { $0 + $1.1.count }
        return Double(length) * log2(Double(size))
    }

    public func validate() throws(ServiceFailure) {
        guard !classes.isEmpty else { throw ServiceFailure(.invalidInput, "Choose at least one character class.") }
        guard Self.lengthRange.contains(length) else {
            throw ServiceFailure(.invalidInput, "The length must be between \(Self.lengthRange.lowerBound) and \(Self.lengthRange.upperBound).")
        }
        let required = Self.alphabets.filter { classes.contains($0.0) }.count
        guard length >= required else {
            throw ServiceFailure(.invalidInput, "A password of \(length) characters cannot hold one of each of \(required) classes.")
        }
    }

    public func generate() throws(ServiceFailure) -> String {
        try validate()
        let chosen = Self.alphabets.filter { classes.contains($0.0) }.map(\.1)
        let pool = chosen.flatMap { $0 }
        // Rejection sampling keeps the distribution uniform over all passwords that contain every class.
        while true {
            let characters = (0..<length).map { _ in pool[Int(SecureRandom.uniform(below: UInt32(pool.count)))] }
            if chosen.allSatisfy({ alphabet in characters.contains { alphabet.contains($0) } }) {
                return String(characters)
            }
        }
    }
}
