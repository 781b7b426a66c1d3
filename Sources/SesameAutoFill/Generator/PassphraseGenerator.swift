import Foundation
import SesameCrypto

/// Passphrases of words drawn independently and uniformly from a ``WordList``.
public struct PassphraseGenerator: Sendable, Equatable {
    public static let defaultWordCount = 6
    public static let wordCountRange = 1...64

    public var wordList: WordList
    public var wordCount: Int
    public var separator: String
    /// Upper-cases each word's first letter; it adds no entropy, it only meets sites that ask for capitals.
    public var capitalizes: Bool

    public init(wordList: WordList, wordCount: Int = defaultWordCount, separator: String = "-", capitalizes: Bool = false) {
        self.wordList = wordList
        self.wordCount = wordCount
        self.separator = separator
        self.capitalizes = capitalizes
    }

    public var entropyBits: Double { Double(wordCount) * log2(Double(wordList.words.count)) }

    public func validate() throws(ServiceFailure) {
        guard Self.wordCountRange.contains(wordCount) else {
            throw ServiceFailure(.invalidInput, "The word count must be between \(Self.wordCountRange.lowerBound) and \(Self.wordCountRange.upperBound).")
        }
    }

    public func generate() throws(ServiceFailure) -> String {
        var random = SecureRandomNumberGenerator()
        return try generate(using: &random)
    }

    public func generate<Random: RandomNumberGenerator>(using random: inout Random) throws(ServiceFailure) -> String {
        try validate()
        let words = wordList.words
        return (0..<wordCount).map { _ in
            let word = words[Int.random(in: 0..<words.count, using: &random)]
            return capitalizes ? word.prefix(1).uppercased() + word.dropFirst() : word
        }.joined(separator: separator)
    }
}
