import SesameTerminal

/// The `sesame` command: parses the subcommand and hands over to it.
enum SesameCLI {
    static let version = "0.1.0"

    static var commands: [any Command.Type] {[
        InitCommand.self, AddCommand.self, ListCommand.self, ShowCommand.self, EditCommand.self,
        RemoveCommand.self, PasswdCommand.self, BackupCommand.self, GenerateCommand.self,
        MatchCommand.self, FillCommand.self, EquivalentsCommand.self, TrashCommand.self,
        UnlockCommand.self, LockCommand.self, StatusCommand.self, AgentCommand.self, SetupCommand.self,
    ]}

    static let spec = CommandSpec(
        name: "sesame",
        abstract: "A password vault whose logins fill other programs' login forms.",
        discussion: "Secrets are never taken from arguments or the environment: they are asked for on the terminal without echo, or read from standard input with --password-stdin.",
        version: version,
        subcommands: commands.map { SubcommandSpec($0.spec.name, abstract: $0.spec.abstract) })

    static func run(_ arguments: [String]) -> ExitStatus {
        do {
            let parsed: ParsedArguments
            switch try spec.parse(arguments) {
            case .helpRequested:
                print(spec.helpText(), terminator: "")
                return .success
            case .versionRequested:
                print("sesame \(version)")
                return .success
            case .arguments(let arguments):
                parsed = arguments
            }
            guard let name = parsed.subcommand else { throw parsed.usageError("Missing a command") }
            if name == "help" { return help(for: parsed.subcommandArguments) }
            guard let command = commands.first(where: { $0.spec.name == name }) else {
                throw parsed.usageError("Unknown command '\(name)'")
            }
            let path = "sesame \(name)"
            switch try command.spec.parse(parsed.subcommandArguments, commandPath: path) {
            case .helpRequested:
                print(command.spec.helpText(commandPath: path), terminator: "")
                return .success
            case .versionRequested:
                print("sesame \(version)")
                return .success
            case .arguments(let arguments):
                try command.run(arguments, context: CommandContext(arguments: arguments))
                return .success
            }
        } catch {
            exit(with: CommandContext.translate(error))
        }
    }

    /// `sesame help X Y` is `sesame X Y --help`, for nested groups too.
    private static func help(for words: [String]) -> ExitStatus {
        guard !words.isEmpty else {
            print(spec.helpText(), terminator: "")
            return .success
        }
        return run(words + ["--help"])
    }
}
