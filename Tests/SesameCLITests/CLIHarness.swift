import Foundation

/// Runs the built `sesame` (and friends) as whole processes, in a private home folder, like a user would.
struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

final class CLIHarness {
    let home: String
    let vault: String
    private(set) var environment: [String: String]

    /// The folder of the programs under test: this build's, or `SESAME_TEST_PROGRAMS` (to run the tests against
    /// another build, such as one without a fix, and see them fail).
    static var buildFolder: URL {
        if let other = ProcessInfo.processInfo.environment["SESAME_TEST_PROGRAMS"], !other.isEmpty {
            return URL(fileURLWithPath: other)
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    static func executable(_ name: String) -> String { buildFolder.appendingPathComponent(name).path }

    /// A child that exits before reading its input (the `sesame` front answers `fill` in about a millisecond, a usage
    /// error never reads) closes the pipe under the write: without this, SIGPIPE ends the whole test process.
    private static let brokenPipesAreErrors: Void = { signal(SIGPIPE, SIG_IGN) }()

    init() {
        Self.brokenPipesAreErrors
        home = FileManager.default.temporaryDirectory.path + "/sesame-cli-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        vault = home + "/data/sesame/vault.sqlite"
        environment = [
            "HOME": home,
            "XDG_DATA_HOME": home + "/data",
            "XDG_RUNTIME_DIR": home + "/run",
            "XDG_CONFIG_HOME": home + "/config",
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "NO_COLOR": "1",
        ]
        try? FileManager.default.createDirectory(atPath: home + "/run", withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
    }

    deinit { try? FileManager.default.removeItem(atPath: home) }

    func setEnvironment(_ name: String, _ value: String?) { environment[name] = value }

    /// Runs `sesame` with `arguments`, feeding `input` on stdin. No terminal is attached (`setsid`-like: stdin is a pipe,
    /// and the child has no controlling terminal because the test runner has none in CI).
    @discardableResult
    func run(_ arguments: [String], input: String = "", executable: String = "sesame") throws -> CLIResult {
        let process = makeProcess(arguments, executable: executable)
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Read both pipes concurrently with the write, so a chatty child never blocks on a full pipe.
        let outBox = DataBox(), errBox = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { outBox.data = stdout.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { errBox.data = stderr.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        if !input.isEmpty { try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8)) }
        try? stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        group.wait()
        return CLIResult(
            status: process.terminationStatus, stdout: String(decoding: outBox.data, as: UTF8.self),
            stderr: String(decoding: errBox.data, as: UTF8.self))
    }

    func makeProcess(_ arguments: [String], executable: String = "sesame") -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : Self.executable(executable))
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: home)
        return process
    }

    /// A vault with the cheapest accepted key derivation, so tests stay fast.
    func initVault(password: String = "master-pw") throws {
        let result = try run(["init", "--allow-weak-password", "--kdf-memory", "19", "--kdf-passes", "2", "--password-stdin"], input: password + "\n")
        precondition(result.status == 0, "init failed: \(result.stderr)")
    }

    func json(_ result: CLIResult) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }
}

final class DataBox: @unchecked Sendable {
    var data = Data()
}
