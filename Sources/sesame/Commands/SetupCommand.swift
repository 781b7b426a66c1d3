import Foundation
import SesameTerminal

/// `sesame setup git [--undo]`: makes git ask Sesame for HTTPS credentials (the Linux counterpart of enabling the
/// AutoFill extension in Settings).
enum SetupCommand: CommandGroup {
    static var subcommands: [any Command.Type] { [Git.self, Browser.self, SecretService.self, Systemd.self] }

    static let spec = CommandSpec(
        name: "setup",
        abstract: "Connect Sesame to programs that ask for passwords.",
        subcommands: subcommandSpecs)

    static let helperName = "sesame"
}

extension SetupCommand {
    /// `sesame setup git`
    enum Git: Command {
        static let spec = CommandSpec(
            name: "git",
            abstract: "Make git ask Sesame for credentials (credential.helper sesame in ~/.gitconfig).",
            discussion: "Adds 'sesame' to the global credential.helper list unless it is there already; other helpers stay. With --undo, removes only Sesame's entry.",
            options: [
                .flag("undo", help: "Remove Sesame from git's credential helpers."),
                CommonOptions.json,
            ])

        static func run(_ parsed: ParsedArguments, context: CommandContext) throws {
            let helpers = try git(["config", "--global", "--get-all", "credential.helper"], allowing: [1]).split(separator: "\n").map(String.init)
            let present = helpers.contains(helperName)
            var changed = false
            if parsed.flag("undo") {
                if present {
                    _ = try git(["config", "--global", "--fixed-value", "--unset-all", "credential.helper", helperName])
                    changed = true
                }
            } else if !present {
                _ = try git(["config", "--global", "--add", "credential.helper", helperName])
                changed = true
            }
            if context.wantsJSON {
                try context.printJSON(["enabled": !parsed.flag("undo"), "changed": changed])
            } else if parsed.flag("undo") {
                print(changed ? "git no longer asks Sesame for credentials." : "Sesame was not one of git's credential helpers.")
            } else {
                print(changed ? "git now asks Sesame for credentials (credential.helper \(helperName))." : "git already asks Sesame for credentials.")
                if !helpers.isEmpty && !present {
                    print("git asks the helpers configured before it first: \(helpers.joined(separator: ", ")).")
                }
            }
        }

        /// Runs git and returns its standard output; exit statuses in `allowing` count as success (1 = key not set).
        static func git(_ arguments: [String], allowing: Set<Int32> = []) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git"] + arguments
            let output = Pipe(), errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            do { try process.run() } catch { throw CLIError("git is not installed (it is needed to change git's configuration).") }
            let data = output.fileHandleForReading.readDataToEndOfFile()
            let message = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 || allowing.contains(process.terminationStatus) else {
                let detail = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                throw CLIError("git config failed: \(detail)")
            }
            return String(decoding: data, as: UTF8.self)
        }
    }
}
