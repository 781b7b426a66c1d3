import Foundation
import Glibc
import Testing

/// Issue 26, point 11: `sesame setup systemd` in a private home (systemd itself does not run here): what it writes,
/// what it asks systemctl, that systemd-analyze accepts the units, and that the agent serves a socket handed over
/// by socket activation (systemd-socket-activate plays the service manager).
@Suite struct SystemdSetupTests {
    static func fakeSystemctl(_ cli: CLIHarness) throws -> String {
        let bin = cli.home + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let log = cli.home + "/systemctl.log"
        try "#!/bin/sh\necho \"$*\" >> '\(log)'\n".write(toFile: bin + "/systemctl", atomically: true, encoding: .utf8)
        chmod(bin + "/systemctl", 0o755)
        cli.setEnvironment("PATH", bin + ":/usr/local/bin:/usr/bin:/bin")
        return log
    }

    @Test func setupWritesTheUnitsAndTheActivationFileThenEnablesTheSocket() throws {
        let cli = CLIHarness()
        let log = try Self.fakeSystemctl(cli)
        let setup = try cli.run(["setup", "systemd"])
        #expect(setup.status == 0, "\(setup.stderr)")
        let units = cli.home + "/config/systemd/user"
        let socket = try String(contentsOfFile: units + "/sesame-agent.socket", encoding: .utf8)
        #expect(socket.contains("ListenStream=%t/sesame/agent.sock\nSocketMode=0600\nDirectoryMode=0700"))
        #expect(socket.contains("WantedBy=sockets.target"))
        let agent = try String(contentsOfFile: units + "/sesame-agent.service", encoding: .utf8)
        #expect(agent.contains("ExecStart=\(CLIHarness.buildFolder.path)/sesame agent\n"))
        #expect(agent.contains("Requires=sesame-agent.socket") && agent.contains("LimitCORE=0") && agent.contains("UMask=0077"))
        let service = try String(contentsOfFile: units + "/sesame-secret-service.service", encoding: .utf8)
        #expect(service.contains("Type=dbus\nBusName=org.freedesktop.secrets\nExecStart=\(CLIHarness.buildFolder.path)/sesame-secret-service\n"))
        let activation = try String(contentsOfFile: cli.home + "/data/dbus-1/services/org.freedesktop.secrets.service", encoding: .utf8)
        #expect(activation.contains("SystemdService=sesame-secret-service.service"))
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "--user daemon-reload\n--user enable --now sesame-agent.socket\n")

        let again = try cli.run(["setup", "systemd", "--no-enable"])
        #expect(again.stdout.contains("already in place"))
        let undo = try cli.run(["setup", "systemd", "--undo", "--json"])
        #expect(undo.status == 0)
        #expect(((try cli.json(undo) as? [String: Any])?["removed"] as? [String])?.count == 4)
        #expect(!FileManager.default.fileExists(atPath: units + "/sesame-agent.socket"))
        #expect(try String(contentsOfFile: log, encoding: .utf8).hasSuffix("--user disable --now sesame-agent.socket\n--user daemon-reload\n"))
    }

    @Test func aUnitSesameDidNotWriteIsLeftAlone() throws {
        let cli = CLIHarness()
        _ = try Self.fakeSystemctl(cli)
        let units = cli.home + "/config/systemd/user"
        try FileManager.default.createDirectory(atPath: units, withIntermediateDirectories: true)
        try "[Unit]\nDescription=mine\n".write(toFile: units + "/sesame-agent.service", atomically: true, encoding: .utf8)
        let setup = try cli.run(["setup", "systemd"])
        #expect(setup.status == 1)
        #expect(setup.stderr.contains("sesame-agent.service exists and Sesame did not write it"))
        #expect(try String(contentsOfFile: units + "/sesame-agent.service", encoding: .utf8) == "[Unit]\nDescription=mine\n")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze"), "needs systemd (scripts/packages.txt)"))
    func systemdAnalyzeAcceptsTheUnits() throws {
        let cli = CLIHarness()
        _ = try Self.fakeSystemctl(cli)
        #expect(try cli.run(["setup", "systemd"]).status == 0)
        #expect(try cli.run(["manual", cli.home + "/man/man1"]).status == 0)
        let units = cli.home + "/config/systemd/user"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-analyze")
        process.arguments = ["verify"] + ["sesame-agent.socket", "sesame-agent.service", "sesame-secret-service.service"].map { units + "/" + $0 }
        // Documentation=man:… is checked too: the generated pages must be found.
        process.environment = cli.environment.merging(["MANPATH": cli.home + "/man"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && text.isEmpty, "\(text)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-socket-activate"), "needs systemd (scripts/packages.txt)"))
    func theAgentServesTheSocketOfSocketActivationAndLeavesItInPlace() throws {
        let cli = CLIHarness()
        try cli.initVault()
        let socket = cli.home + "/run/sesame/agent.sock"
        try FileManager.default.createDirectory(atPath: cli.home + "/run/sesame", withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        // The stand-in service manager runs detached (python forks it off and exits at once, printing its pid):
        // Foundation reaps its children one at a time, and a long-lived one would hold up every other test's.
        // Every descriptor of this test process is closed first, as systemd starts services with none, and
        // systemd-socket-activate passes on only the variables named (the user manager sets XDG_RUNTIME_DIR).
        let launcher = Process()
        launcher.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        launcher.arguments = ["-c", """
            import os, sys
            pid = os.fork()
            if pid:
                print(pid)
                sys.exit(0)
            os.setsid()
            null = os.open("/dev/null", os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(null, fd)
            os.closerange(3, 65536)
            os.execv(sys.argv[1], sys.argv[1:])
            """, "/usr/bin/systemd-socket-activate", "-l", socket, "-E", "XDG_RUNTIME_DIR", "-E", "HOME", "-E", "PATH",
            CLIHarness.executable("sesame"), "agent"]
        launcher.environment = cli.environment
        let pidPipe = Pipe()
        launcher.standardOutput = pidPipe
        try launcher.run()
        let printed = String(decoding: pidPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        launcher.waitUntilExit()
        let manager = try #require(pid_t(printed.trimmingCharacters(in: .whitespacesAndNewlines)))
        defer {
            _ = try? cli.run(["agent", "--stop"])
            // Only if that pid is still the manager (or the agent it became), never a process that reused it.
            let command = (try? String(contentsOfFile: "/proc/\(manager)/cmdline", encoding: .utf8)) ?? ""
            if command.contains("systemd-socket-activate") || command.contains(cli.home) || command.contains("agent") {
                kill(manager, SIGKILL)
            }
        }
        for _ in 0..<500 where !FileManager.default.fileExists(atPath: socket) { usleep(10_000) }
        // The first connection starts the agent on the handed-over socket; nothing else listens there.
        let unlock = try cli.run(["unlock", "--password-stdin"], input: "master-pw\n")
        #expect(unlock.status == 0, "\(unlock.stderr)")
        #expect(!unlock.stdout.contains("Started the agent"), "the service manager started it, not sesame")
        #expect(try cli.run(["list", "--json"]).status == 0)
        #expect(try cli.run(["agent", "--stop"]).status == 0)
        usleep(200_000)
        #expect(FileManager.default.fileExists(atPath: socket), "the manager's socket stays for the next start")
    }
}
