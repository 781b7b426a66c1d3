import Foundation
import SesameCrypto
import SesameKeePass
import SesameStore

/// Runs the real tools (keepassxc-cli, python3 with pykeepass) in a private temporary folder; secrets go through
/// stdin or files, never argv.
final class KeePassToolbox {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "sesame-keepass-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func path(_ name: String) -> String { folder.appending(path: name).path }

    func write(_ bytes: [UInt8], to name: String) throws { try Data(bytes).write(to: folder.appending(path: name)) }

    func read(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: folder.appending(path: name))) }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs a program with `input` on stdin; output goes through files so a large answer cannot block on a pipe.
    @discardableResult
    func run(_ executable: String, _ arguments: [String], input: String = "", expectSuccess: Bool = true) throws -> Output {
        let stdinURL = folder.appending(path: "stdin-\(UUID().uuidString)")
        let stdoutURL = folder.appending(path: "stdout-\(UUID().uuidString)")
        let stderrURL = folder.appending(path: "stderr-\(UUID().uuidString)")
        try Data(input.utf8).write(to: stdinURL)
        try Data().write(to: stdoutURL)
        try Data().write(to: stderrURL)
        defer { for url in [stdinURL, stdoutURL, stderrURL] { try? FileManager.default.removeItem(at: url) } }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        // PATH is kept so python3 is the one pip installed pykeepass for; HOME is private so KeePassXC's settings
        // never touch the user's.
        process.environment = ["LC_ALL": "C.UTF-8", "HOME": folder.path, "QT_QPA_PLATFORM": "offscreen",
                               "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let handles = try (FileHandle(forReadingFrom: stdinURL), FileHandle(forWritingTo: stdoutURL),
                           FileHandle(forWritingTo: stderrURL))
        process.standardInput = handles.0
        process.standardOutput = handles.1
        process.standardError = handles.2
        try process.run()
        process.waitUntilExit()
        try handles.0.close(); try handles.1.close(); try handles.2.close()
        let output = Output(status: process.terminationStatus,
                            stdout: try String(contentsOf: stdoutURL, encoding: .utf8),
                            stderr: try String(contentsOf: stderrURL, encoding: .utf8))
        if expectSuccess && output.status != 0 {
            throw Failure(description: "\(executable) \(arguments.first ?? "") failed (\(output.status)): \(output.stderr)")
        }
        return output
    }

    /// keepassxc-cli with the database password on stdin (followed by any further answers).
    @discardableResult
    func keepassxc(_ arguments: [String], password: String, more: [String] = [], expectSuccess: Bool = true) throws -> Output {
        try run("/usr/bin/keepassxc-cli", arguments, input: ([password] + more).map { $0 + "\n" }.joined(),
                expectSuccess: expectSuccess)
    }

    /// Fails clearly when pykeepass is missing: .ci/run installs it with pip.
    func python(_ script: String, _ arguments: [String]) throws {
        let check = try run("/usr/bin/env", ["python3", "-c", "import pykeepass"], expectSuccess: false)
        guard check.status == 0 else {
            throw Failure(description: "pykeepass is missing: install it with `pip install --break-system-packages pykeepass` (.ci/run does)")
        }
        let name = "script-\(UUID().uuidString).py"
        try write(Array(script.utf8), to: name)
        try run("/usr/bin/env", ["python3", path(name)] + arguments)
    }
}

extension KeePassCredentials {
    static func password(_ password: String) -> KeePassCredentials {
        KeePassCredentials(password: SecureBytes(utf8: password))
    }
}

extension KeePassExportOptions {
    /// Cheap key derivation so tests stay fast; the format is the same as with real costs.
    static let fast = KeePassExportOptions(keyDerivation: .argon2id(memoryKiB: 1024, iterations: 2, parallelism: 1))
}
