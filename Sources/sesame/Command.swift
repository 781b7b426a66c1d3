import SesameTerminal

/// One `sesame` command: a spec for parsing and help, and either a body that runs with the parsed arguments or,
/// for a group such as `sesame equivalents`, the commands under it. ``CommandDispatcher`` does the rest.
protocol Command {
    static var spec: CommandSpec { get }
    /// The commands of a group, in the order its help lists them; empty for a command that runs.
    static var subcommands: [any Command.Type] { get }
    static func run(_ arguments: ParsedArguments, context: CommandContext) throws
}

extension Command {
    static var subcommands: [any Command.Type] { [] }

    /// The spec's list of subcommands, built from ``subcommands`` so the two cannot disagree.
    static var subcommandSpecs: [SubcommandSpec] {
        subcommands.map {
            SubcommandSpec($0.spec.name, abstract: $0.spec.abstract, familiarNames: $0.spec.familiarNames,
                           isHidden: $0.spec.isHidden)
        }
    }
}

extension Command {
    /// This command and every command under it: what completions and manual pages are made from.
    static var tree: CommandTree {
        CommandTree(spec: spec, children: subcommands.map { $0.tree })
    }
}

/// A command that only holds others: ``CommandDispatcher`` runs one of its ``Command/subcommands``, never it.
protocol CommandGroup: Command {}

extension CommandGroup {
    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        preconditionFailure("'\(spec.name)' is a group; CommandDispatcher runs its subcommands")
    }
}

/// Options many commands share, spelled the same everywhere.
enum CommonOptions {
    static let vault = OptionSpec.value(
        "vault", valueName: "path", help: "The vault file (default: $SESAME_VAULT, else $XDG_DATA_HOME/sesame/vault.sqlite).")
    static let json = OptionSpec.flag("json", help: "Print machine-readable JSON (see docs/cli.md).")
    static let passwordStdin = OptionSpec.flag(
        "password-stdin", help: "Read every secret this command needs from standard input, one per line, master password first.")

    static let allowWeakPassword = OptionSpec.flag(
        "allow-weak-password", help: "Accept a new password that zxcvbn estimates below 50 bits (refused otherwise).")

    /// Checks what the parser cannot: `--vault ""` would otherwise quietly mean the default vault.
    static func validate(_ arguments: ParsedArguments) throws(UsageError) {
        if arguments.spec.options.contains(where: { $0.name == vault.name }), arguments.value(vault.name) == "" {
            throw arguments.usageError("The vault path is empty")
        }
    }
}
