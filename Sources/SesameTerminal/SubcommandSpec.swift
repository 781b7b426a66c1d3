/// A subcommand as its group lists it: a name and a one-sentence abstract.
///
/// The group only dispatches on the name; the subcommand's own `CommandSpec` parses the arguments that follow.
public struct SubcommandSpec: Sendable, Equatable {
    /// The word that selects the subcommand, for example `add`.
    public var name: String
    /// One sentence, ending with a period, shown in the group's `SUBCOMMANDS:` section.
    public var abstract: String
    /// Words other managers use for it, which suggest it when typed (see ``CommandSpec/familiarNames``).
    public var familiarNames: [String]
    /// Whether the group's help and suggestions leave it out (see ``CommandSpec/isHidden``).
    public var isHidden: Bool

    /// Creates a subcommand entry; `help` is reserved, every group has it.
    public init(_ name: String, abstract: String, familiarNames: [String] = [], isHidden: Bool = false) {
        precondition(!name.isEmpty && !name.hasPrefix("-") && !name.contains(" "), "Bad subcommand name '\(name)'")
        precondition(name != "help", "'help' is provided for every group")
        self.name = name
        self.abstract = abstract
        self.familiarNames = familiarNames
        self.isHidden = isHidden
    }

    /// The subcommand `word` should suggest among `subcommands`: the one that calls itself so elsewhere, else the
    /// nearest name by edit distance (hidden ones are never suggested).
    static func suggestion(for word: String, among subcommands: [SubcommandSpec]) -> String? {
        let visible = subcommands.filter { !$0.isHidden }
        let lowered = word.lowercased()
        if let familiar = visible.first(where: { $0.familiarNames.contains(lowered) }) { return familiar.name }
        let spellings = visible.flatMap { subcommand in ([subcommand.name] + subcommand.familiarNames).map { ($0, subcommand.name) } }
        guard let nearest = lowered.closest(in: spellings.map(\.0)) else { return nil }
        return spellings.first { $0.0 == nearest }?.1
    }
}
