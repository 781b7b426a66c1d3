/// What parsing a command line produced.
///
/// Help and version requests are outcomes rather than errors: they are what the user asked for, print on standard
/// output and exit with status 0. ``CommandSpec/parseOrExit(_:commandPath:)`` handles them for you.
public enum ParseOutcome: Sendable, Equatable {
    /// The command should run with these arguments.
    case arguments(ParsedArguments)
    /// `-h` or `--help` appeared (before any `--`), `help` was given to a group, or a group got no subcommand.
    case helpRequested
    /// `--version` appeared and the command has a version.
    case versionRequested
}
