/// A positional argument of a command, shown as `<name>` in usage and help.
///
/// Optional arguments must follow required ones, and only the last argument may be variadic.
///
/// ```swift
/// ArgumentSpec("query", help: "Text to search titles, user names and sites for.")
/// ArgumentSpec("items", help: "The items to remove.", isVariadic: true)
/// ```
public struct ArgumentSpec: Sendable, Equatable {
    /// The placeholder name, written without angle brackets.
    public var name: String
    /// One sentence of help, ending with a period.
    public var help: String
    /// Whether the argument may be left out.
    public var isOptional: Bool
    /// Whether the argument takes all remaining positional values.
    public var isVariadic: Bool
    /// What shell completion offers for it; by default inferred from its name (``Completion/inferred(for:)``).
    public var completion: Completion

    /// Creates a positional argument; it is required and takes one value unless said otherwise.
    public init(
        _ name: String, help: String, isOptional: Bool = false, isVariadic: Bool = false, completion: Completion? = nil
    ) {
        precondition(!name.isEmpty && !name.contains(" "), "Argument name must be one word")
        self.name = name
        self.help = help
        self.isOptional = isOptional
        self.isVariadic = isVariadic
        self.completion = completion ?? .inferred(for: name)
    }

    /// `<name>`, as in help and error messages.
    var placeholder: String { "<\(name)>" }

    /// `<name>`, `[<name>]`, `<name> ...` or `[<name> ...]`, as in the usage line.
    var usageSynopsis: String {
        let base = isVariadic ? "\(placeholder) ..." : placeholder
        return isOptional ? "[\(base)]" : base
    }
}
