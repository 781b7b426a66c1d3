/// The description of one command: what it does, what it takes, and how its help reads.
///
/// A command is either a leaf, with positional arguments and options, or a group, with subcommands (and possibly
/// options of its own that come before the subcommand name). Parse with ``parse(_:commandPath:)`` or
/// ``parseOrExit(_:commandPath:)``; render help with ``helpText(commandPath:)``.
///
/// ```swift
/// let add = CommandSpec(
///     name: "add",
///     abstract: "Add a login to the vault.",
///     arguments: [ArgumentSpec("title", help: "A name for the login.")],
///     options: [
///         .value("user", short: "u", valueName: "name", help: "The user name."),
///         .flag("password-stdin", help: "Read the master password from standard input."),
///     ])
/// let arguments = add.parseOrExit(Array(CommandLine.arguments.dropFirst(2)), commandPath: "sesame add")
/// ```
///
/// Specs are checked when created: a malformed spec is a programming error and stops the process.
public struct CommandSpec: Sendable, Equatable {
    /// The command's own name, for example `add`; the full path (`sesame add`) is given when parsing.
    public var name: String
    /// One sentence, ending with a period, shown after `OVERVIEW:` and in the parent's subcommand list.
    public var abstract: String
    /// Optional paragraphs shown after the overview.
    public var discussion: String?
    /// When set, the command accepts `--version` and prints this.
    public var version: String?
    /// Positional arguments, in order.
    public var arguments: [ArgumentSpec]
    /// Named options; `-h, --help` (and `--version`) are added automatically.
    public var options: [OptionSpec]
    /// Subcommands; non-empty makes this a group command.
    public var subcommands: [SubcommandSpec]
    /// A group that also runs by itself when no subcommand is named (`sesame autotype` types; `sesame autotype
    /// rule …` manages rules), taking only options of its own.
    public var runsWithoutSubcommand: Bool
    /// Words other password managers use for this command (`insert`, `ls`, `delete`): typed as a subcommand of
    /// the parent, they suggest this command. Suggestions only: they never run it.
    public var familiarNames: [String]
    /// Left out of the parent's help and suggestions, and of completions and manual pages: commands that shells
    /// and scripts call (`sesame __complete`), not people.
    public var isHidden: Bool

    /// Creates a command; see the type's description for the rules a spec must follow.
    public init(
        name: String,
        abstract: String,
        discussion: String? = nil,
        version: String? = nil,
        arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [],
        subcommands: [SubcommandSpec] = [],
        runsWithoutSubcommand: Bool = false,
        familiarNames: [String] = [],
        isHidden: Bool = false
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.version = version
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
        self.runsWithoutSubcommand = runsWithoutSubcommand
        self.familiarNames = familiarNames
        self.isHidden = isHidden
        checkConsistency()
    }

    /// Creates a command whose positional arguments and options are the ones `Arguments` reads
    /// (``ArgumentDecoder/declarations(of:)``), so its help lists exactly what it decodes.
    public init<Arguments: CommandArguments>(
        name: String,
        abstract: String,
        discussion: String? = nil,
        version: String? = nil,
        declaring: Arguments.Type,
        subcommands: [SubcommandSpec] = [],
        runsWithoutSubcommand: Bool = false,
        familiarNames: [String] = [],
        isHidden: Bool = false
    ) {
        let declared = ArgumentDecoder.declarations(of: Arguments.self)
        self.init(
            name: name, abstract: abstract, discussion: discussion, version: version, arguments: declared.arguments,
            options: declared.options, subcommands: subcommands, runsWithoutSubcommand: runsWithoutSubcommand,
            familiarNames: familiarNames, isHidden: isHidden)
    }

    /// Whether the command dispatches to subcommands.
    public var isGroup: Bool { !subcommands.isEmpty }

    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    func option(short letter: Character) -> OptionSpec? {
        options.first { $0.shortName == letter }
    }

    // Mistakes here are programming errors; catching them on first use keeps them out of releases.
    private func checkConsistency() {
        precondition(!name.isEmpty, "A command needs a name")
        precondition(!isGroup || arguments.isEmpty, "'\(name)': a group command takes a subcommand, not arguments")
        var longNames: Set<String> = ["help"]
        var shortNames: Set<Character> = ["h"]
        if version != nil { longNames.insert("version") }
        for option in options {
            precondition(longNames.insert(option.name).inserted, "'\(name)': option '--\(option.name)' is taken")
            if let short = option.shortName {
                precondition(shortNames.insert(short).inserted, "'\(name)': option '-\(short)' is taken")
            }
        }
        var seenOptional = false
        for (index, argument) in arguments.enumerated() {
            precondition(!argument.isVariadic || index == arguments.count - 1,
                         "'\(name)': only the last argument may be variadic")
            precondition(argument.isOptional || !seenOptional,
                         "'\(name)': required argument '\(argument.name)' follows an optional one")
            seenOptional = seenOptional || argument.isOptional
        }
        precondition(Set(arguments.map(\.name)).count == arguments.count, "'\(name)': duplicate argument names")
        precondition(Set(subcommands.map(\.name)).count == subcommands.count, "'\(name)': duplicate subcommands")
    }
}
