import SesameTerminal

/// One `sesame` subcommand: a spec for parsing and help, and a body that runs with the parsed arguments.
protocol Command {
    static var spec: CommandSpec { get }
    static func run(_ arguments: ParsedArguments, context: CommandContext) throws
}

/// Options many commands share, spelled the same everywhere.
enum CommonOptions {
    static let vault = OptionSpec.value(
        "vault", valueName: "path", help: "The vault file (default: $SESAME_VAULT, else $XDG_DATA_HOME/sesame/vault.sqlite).")
    static let json = OptionSpec.flag("json", help: "Print machine-readable JSON (see docs/cli.md).")
    static let passwordStdin = OptionSpec.flag(
        "password-stdin", help: "Read every secret this command needs from standard input, one per line, master password first.")
}
