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
            try decodeAndRun(command, parsed, environment: environment)
        }
        return .success
    }

    /// Decodes the command's arguments once, then runs it with them.
    private static func decodeAndRun<Leaf: Command>(
        _ command: Leaf.Type, _ parsed: ParsedArguments, environment: [String: String]
    ) throws {
        var decoder = ArgumentDecoder(parsed)
        let arguments = Leaf.Arguments(&decoder)
        let common = try CommonArguments(decoder)
        try command.run(arguments, context: CommandContext(common: common, usage: decoder.usage, environment: environment))
    }
}
