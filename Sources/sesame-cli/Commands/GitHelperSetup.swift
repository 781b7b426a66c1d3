import Foundation
import SesameAgent
import SesameAgentLink
import SesameTerminal

/// Where git finds Sesame: `credential.helper` in the global git configuration. `sesame setup git` writes the
/// absolute path of the `git-credential-sesame` installed beside this program, which git runs through its shell
/// directly; a plain name (`sesame`, what earlier versions wrote) makes git start `git credential-sesame`, which
/// looks the helper up and runs it: one process more for every fetch and push.
///
/// A path goes stale when Sesame moves. git does not complain about that: its shell prints
/// "…/git-credential-sesame: not found" on every command that needs a credential and git goes on without it
/// (asking on the terminal, or failing where it cannot). So `sesame status` says when the configured path is not
/// there, and `sesame setup git` replaces such an entry.
enum GitHelperSetup {
    static let helperFile = "git-credential-sesame"
    /// The name earlier versions wrote; still recognised, and replaced by a path.
    static let helperName = "sesame"

    /// The helper installed beside this program, if it is there; else the plain name.
    static var wanted: String {
        if let folder = FilePath.executableFolder(), FileManager.default.isExecutableFile(atPath: folder + "/" + helperFile) {
            return folder + "/" + helperFile
        }
        return helperName
    }

    /// Whether a `credential.helper` value is Sesame's: the name, or a path to `git-credential-sesame`.
    static func isSesame(_ helper: String) -> Bool {
        helper == helperName || (helper.hasPrefix("/") && (helper as NSString).lastPathComponent == helperFile)
    }

    /// Whether git would find the helper `value` names: the file for a path, the program on `PATH` (or in git's own
    /// folder) for the name.
    static func exists(_ value: String, environment: [String: String]) -> Bool {
        if value.hasPrefix("/") { return FileManager.default.isExecutableFile(atPath: value) }
        let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/lib/git-core"]
        return folders.contains { FileManager.default.isExecutableFile(atPath: $0 + "/git-credential-" + value) }
    }

    /// The global `credential.helper` values, in the order git asks them; nil when git is not installed.
    static func configured() -> [String]? {
        try? git(["config", "--global", "--get-all", "credential.helper"], allowing: [1])
            .split(separator: "\n").map(String.init)
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
            if process.terminationStatus == 127 { throw CLIError("git is not installed (it is needed to change git's configuration).") }
            let detail = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw CLIError("git config failed: \(detail)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
