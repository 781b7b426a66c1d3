/// The words a passphrase is drawn from: one per line, either bare or after dice digits and a tab or spaces (the
/// EFF and Diceware layout, `11111	abacus`). Blank lines are skipped, duplicates counted once.
public struct WordList: Sendable, Equatable {
    public static let minimumCount = 2

    public let words: [String]

    public init(parsing text: String) throws(ServiceFailure) {
        var seen = Set<String>()
        var words: [String] = []
        for line in text.split(whereSeparator: \.isNewline) {
            guard let word = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).last.map(String.init) else { continue }
            if seen.insert(word).inserted { words.append(word) }
        }
        guard words.count >= Self.minimumCount else {
            throw ServiceFailure(.invalidInput, "The word list holds fewer than \(Self.minimumCount) different words.")
        }
        self.words = words
    }
}
