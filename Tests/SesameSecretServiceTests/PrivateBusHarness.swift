import Foundation
import Glibc

/// A whole Sesame Secret Service setup in a temporary folder: a private `dbus-daemon` with its own configuration
/// (no service activation but the test's own folder), HOME and XDG folders, a vault, the agent, and
/// `sesame-secret-service`; clients (secret-tool, python) run against it. Everything is stopped in `stop()`.
final class PrivateBusHarness {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    let home: String
    private(set) var environment: [String: String]
    private var busDaemon: ChildProcess?
    private var services: [ChildProcess] = []
    static let masterPassword = "master-pw"

    static var buildFolder: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    static func executable(_ name: String) -> String { buildFolder.appendingPathComponent(name).path }

    init() throws {
        home = FileManager.default.temporaryDirectory.path + "/sesame-ss-" + UUID().uuidString.prefix(8)
        for folder in ["", "/run", "/data", "/data/dbus-1/services", "/config", "/cache", "/bus", "/bin"] {
            try FileManager.default.createDirectory(atPath: home + folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        environment = [
            "HOME": home, "XDG_DATA_HOME": home + "/data", "XDG_CONFIG_HOME": home + "/config",
            "XDG_CACHE_HOME": home + "/cache", "XDG_RUNTIME_DIR": home + "/run",
            "PATH": home + "/bin:/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "NO_COLOR": "1",
        ]
        let configuration = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <keep_umask/>
              <listen>unix:tmpdir=\(home)/bus</listen>
              <auth>EXTERNAL</auth>
              <servicedir>\(home)/data/dbus-1/services</servicedir>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """
        try configuration.write(toFile: home + "/bus.conf", atomically: true, encoding: .utf8)
        // In the foreground (no --fork: a forked daemon would keep our pipe open), printing its address first.
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw HarnessError("pipe failed") }
        busDaemon = try ChildProcess(
            "/usr/bin/dbus-daemon", ["--config-file=\(home)/bus.conf", "--nofork", "--print-address=1"],
            environment: environment, stdoutPipe: fds[1], stderrPath: home + "/bus.log")
        close(fds[1])
        defer { close(fds[0]) }
        var address: [UInt8] = []
        var byte: UInt8 = 0
        while read(fds[0], &byte, 1) == 1, byte != 0x0A { address.append(byte) }
        guard !address.isEmpty else { throw HarnessError("dbus-daemon did not start") }
        environment["DBUS_SESSION_BUS_ADDRESS"] = String(decoding: address, as: UTF8.self)
    }

    deinit { stop() }

    func stop() {
        for service in services { service.stop() }
        services.removeAll()
        _ = try? run(Self.executable("sesame"), ["agent", "--stop"])
        busDaemon?.stop()
        busDaemon = nil
        try? FileManager.default.removeItem(atPath: home)
    }

    /// A vault with the cheapest key derivation, unlocked in the agent.
    func makeUnlockedVault() throws {
        let made = try sesame(["init", "--allow-weak-password", "--kdf-memory", "19", "--kdf-passes", "2", "--password-stdin"], input: Self.masterPassword + "\n")
        guard made.status == 0 else { throw HarnessError("init failed: \(made.stderr)") }
        let unlocked = try sesame(["unlock", "--password-stdin"], input: Self.masterPassword + "\n")
        guard unlocked.status == 0 else { throw HarnessError("unlock failed: \(unlocked.stderr)") }
    }

    @discardableResult
    func sesame(_ arguments: [String], input: String = "") throws -> Result {
        try run(Self.executable("sesame"), arguments, input: input)
    }

    /// Starts `sesame-secret-service` and waits until it owns the name; returns the process. Its standard error
    /// goes to `service.log` in the test folder.
    @discardableResult
    func startService(_ arguments: [String] = [], waitForName: Bool = true, environment extra: [String: String] = [:]) throws -> ChildProcess {
        let service = try ChildProcess(
            Self.executable("sesame-secret-service"), arguments, environment: environment.merging(extra) { $1 },
            stderrPath: home + "/service.log")
        services.append(service)
        guard waitForName else { return service }
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            if try nameOwner() != nil { return service }
            guard service.isRunning else { throw HarnessError("sesame-secret-service ended: \(serviceLog)") }
            usleep(20_000)
        }
        throw HarnessError("sesame-secret-service did not take the name within 15 s")
    }

    var serviceLog: String { (try? String(contentsOfFile: home + "/service.log", encoding: .utf8)) ?? "" }

    /// The unique name owning org.freedesktop.secrets, or nil.
    func nameOwner() throws -> String? {
        let result = try run("/usr/bin/dbus-send", [
            "--session", "--print-reply=literal", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
            "org.freedesktop.DBus.GetNameOwner", "string:org.freedesktop.secrets",
        ])
        let owner = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return result.status == 0 && !owner.isEmpty ? owner : nil
    }

    /// Runs a python script (written to the test folder) with the probe helpers importable.
    func python(_ script: String, timeout: TimeInterval = 60) throws -> Result {
        try PythonProbe.source.write(toFile: home + "/sesame_probe.py", atomically: true, encoding: .utf8)
        let path = home + "/script-\(UUID().uuidString.prefix(8)).py"
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        var environment = environment
        environment["PYTHONPATH"] = home
        environment["PYTHON_KEYRING_BACKEND"] = "keyring.backends.SecretService.Keyring"
        return try run("/usr/bin/python3", [path], environment: environment, timeout: timeout)
    }

    /// Installs an executable script as `name` on the clients' and service's PATH (a stand-in pinentry).
    func installProgram(_ name: String, _ source: String) throws {
        let path = home + "/bin/" + name
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o700)
    }

    /// Runs a program to its end (killed after `timeout`: a client left waiting fails the test, not the run).
    func run(
        _ executable: String, _ arguments: [String], input: String = "", environment: [String: String]? = nil,
        timeout: TimeInterval = 30
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment ?? self.environment
        process.currentDirectoryURL = URL(fileURLWithPath: home)
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let out = OutputBox(), err = OutputBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { out.data = stdout.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { err.data = stderr.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        if !input.isEmpty { try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8)) }
        try? stdin.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw HarnessError("\(executable) \(arguments.joined(separator: " ")) did not finish within \(Int(timeout)) s")
        }
        process.waitUntilExit()
        group.wait()
        return Result(status: process.terminationStatus, stdout: String(decoding: out.data, as: UTF8.self),
                      stderr: String(decoding: err.data, as: UTF8.self))
    }

    /// `secret-tool` with `arguments`.
    func secretTool(_ arguments: [String], input: String = "") throws -> Result {
        try run("/usr/bin/secret-tool", arguments, input: input)
    }
}

struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

final class OutputBox: @unchecked Sendable {
    var data = Data()
}
