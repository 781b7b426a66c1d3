/// A subcommand as its group lists it: a name and a one-sentence abstract.
///
/// The group only dispatches on the name; the subcommand's own `CommandSpec` parses the arguments that follow.
public struct SubcommandSpec: Sendable, Equatable {
    /// The word that selects the subcommand, for example `add`.
    public var name: String
    /// One sentence, ending with a period, shown in the group's `SUBCOMMANDS:` section.
    public var abstract: String

    /// Creates a subcommand entry; `help` is reserved, every group has it.
    public init(_ name: String, abstract: String) {
        precondition(!name.isEmpty && !name.hasPrefix("-") && !name.contains(" "), "Bad subcommand name '\(name)'")
        precondition(name != "help", "'help' is provided for every group")
        self.name = name
        self.abstract = abstract
    }
}
