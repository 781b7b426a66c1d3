import Foundation
import SesameTerminal

/// Parses a command line down the tree of commands and runs the command it names: the one place that handles help,
/// the version, groups and their subcommands, for `sesame` and every group under it.
enum CommandDispatcher {
    /// Runs `command` with `words` (the words after its name), typed as `path` (`sesame equivalents add`).
    static func run(
        _ command: any Command.Type, _ words: [String], path: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> ExitStatus {
        switch try command.spec.parse(words, commandPath: path) {
        case .helpRequested:
            print(command.spec.helpText(commandPath: path), terminator: "")
        case .versionRequested:
            print("sesame \(SesameCLI.version)")
        case .arguments(let parsed):
            if let name = parsed.subcommand, let subpath = parsed.subcommandPath {
                // The parser has checked the name against the spec, which is built from `subcommands`.
                let subcommand = command.subcommands.first { $0.spec.name == name }!
                // Options written before the subcommand's name are its own (`sync --vault V status`).
                return try run(subcommand, parsed.optionWords + parsed.subcommandArguments, path: subpath, environment: environment)
            }
            try CommonOptions.validate(parsed)
            try command.run(parsed, context: CommandContext(arguments: parsed, environment: environment))
        }
        return .success
    }
}
