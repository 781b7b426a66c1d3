import Foundation
import Glibc
import Testing

/// `sesame unlock/lock/status/agent` and every command through the agent, as whole processes in a private home.
/// Each test stops its agent; an agent whose socket disappears with the home folder also exits by itself.
@Suite struct AgentCLITests {
    @Test func anUnlockedAgentServesCommandsWithoutTheMasterPassword() throws {
        let cli = CLIHarness()
        defer { cli.stopAgent() }
        try cli.initVault()
        let wrong = try cli.run(["unlock", "--password-stdin"], input: "wrong\n")
        #expect(wrong.status == 2)
        #expect(wrong.stderr == "Error: Wrong master password.\n")

        let unlock = try cli.run(["unlock", "--password-stdin"], input: "master-pw\n")
        #expect(unlock.status == 0, "\(unlock.stderr)")
        #expect(unlock.stdout.contains("Unlocked \(cli.canonicalVault); the agent locks it after 15m without use."))

        // No master password line: standard input holds only the item's password.
        let add = try cli.run(["add", "GitHub", "--username", "alice", "--url", "https://github.com", "--password-stdin", "--json"],
                              input: "item-pw\n")
        #expect(add.status == 0, "\(add.stderr)")
        let list = try cli.run(["list", "--json"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect((try cli.json(list) as? [[String: Any]])?.map { $0["title"] as? String } == ["GitHub"])
        let show = try cli.run(["show", "GitHub", "--reveal", "--json"])
        #expect((try cli.json(show) as? [String: Any])?["password"] as? String == "item-pw")
        let edit = try cli.run(["edit", "GitHub", "--generate", "--length", "24", "--reveal", "--json"])
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(try cli.run(["generate"]).status == 0)
        #expect(try cli.run(["rm", "GitHub"]).status == 0)
        #expect((try cli.json(cli.run(["list", "--json"])) as? [Any])?.isEmpty == true)

        let lock = try cli.run(["lock"])
        #expect(lock.status == 0)
        #expect(lock.stdout == "Locked \(cli.canonicalVault).\n")
        // Locked: commands ask again. Without a terminal or a line on stdin, they fail.
        let missing = try cli.run(["list", "--password-stdin"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("Expected the master password on standard input"))
        let noTerminal = try cli.run(["list"])
        #expect(noTerminal.status == 1)
        #expect(try cli.run(["list", "--password-stdin"], input: "master-pw\n").status == 0)
    }

    @Test func statusReportsTheAgentInStableJSON() throws {
        let cli = CLIHarness()
        defer { cli.stopAgent() }
        try cli.initVault()
        let keys: Set = ["running", "pid", "socket", "vault", "unlocked", "idleTimeout", "secondsLeft"]

        let before = try #require(try cli.json(cli.run(["status", "--json"])) as? [String: Any])
        // `status` also says where git finds Sesame (null: nowhere).
        #expect(Set(before.keys) == keys.union(["gitHelper"]) && before["gitHelper"] is NSNull)
        #expect(before["running"] as? Bool == false && before["unlocked"] as? Bool == false)
        #expect(before["pid"] is NSNull && before["vault"] is NSNull && before["secondsLeft"] is NSNull)
        #expect(before["socket"] as? String == cli.home + "/run/sesame/agent.sock")

        let unlock = try cli.run(["unlock", "--timeout", "10m", "--password-stdin", "--json"], input: "master-pw\n")
        let unlocked = try #require(try cli.json(unlock) as? [String: Any])
        #expect(Set(unlocked.keys) == keys)
        #expect(unlocked["running"] as? Bool == true && unlocked["unlocked"] as? Bool == true)
        #expect(unlocked["vault"] as? String == cli.canonicalVault)
        #expect(unlocked["idleTimeout"] as? Int == 600)
        #expect((595...600).contains(unlocked["secondsLeft"] as? Int ?? 0))
        let pid = try #require(unlocked["pid"] as? Int)
        #expect(pid > 0 && pid != getpid())
        let status = try #require(try cli.json(cli.run(["status", "--json"])) as? [String: Any])
        #expect(status["pid"] as? Int == pid && status["unlocked"] as? Bool == true)
        let text = try cli.run(["status"])
        #expect(text.stdout.contains("Agent:  running (pid \(pid))"))
        #expect(text.stdout.contains("State:  unlocked; locks in 9m"))

        let locked = try #require(try cli.json(cli.run(["lock", "--json"])) as? [String: Any])
        #expect(locked["unlocked"] as? Bool == false && locked["secondsLeft"] is NSNull)
        #expect(locked["vault"] as? String == cli.canonicalVault && locked["running"] as? Bool == true)
    }

    @Test func theAgentLocksByItselfAfterItsTimeout() throws {
        let cli = CLIHarness()
        defer { cli.stopAgent() }
        try cli.initVault()
        #expect(try cli.run(["unlock", "--timeout", "2s", "--password-stdin"], input: "master-pw\n").status == 0)
        #expect(try cli.run(["list"]).status == 0)
        #expect(try cli.agentStatus()["unlocked"] as? Bool == true)
        Thread.sleep(forTimeInterval: 3)
        #expect(try cli.agentStatus()["unlocked"] as? Bool == false)
        #expect(try cli.run(["list", "--password-stdin"]).status == 1)
    }

    @Test func aKilledAgentIsReplacedByTheNextUnlock() throws {
        let cli = CLIHarness()
        defer { cli.stopAgent() }
        try cli.initVault()
        #expect(try cli.run(["unlock", "--password-stdin"], input: "master-pw\n").status == 0)
        let first = try #require(try cli.agentStatus()["pid"] as? Int)
        #expect(kill(pid_t(first), SIGKILL) == 0)
        #expect(eventually { !ProcessTable.isAlive(first) })
        // Its socket is left behind: stale.
        #expect(FileManager.default.fileExists(atPath: cli.home + "/run/sesame/agent.sock"))
        #expect(try cli.agentStatus()["running"] as? Bool == false)
        #expect(try cli.run(["list", "--password-stdin"], input: "master-pw\n").status == 0)

        let unlock = try cli.run(["unlock", "--password-stdin"], input: "master-pw\n")
        #expect(unlock.status == 0, "\(unlock.stderr)")
        #expect(unlock.stdout.hasPrefix("Started the agent (pid "))
        let second = try #require(try cli.agentStatus()["pid"] as? Int)
        #expect(second != first)
        #expect(try cli.run(["list"]).status == 0)
    }

    @Test func noSecretAppearsInTheArgumentsOrEnvironmentOfAnyProcess() throws {
        let cli = CLIHarness()
        defer { cli.stopAgent() }
        let master = "Master-\(UUID().uuidString)"
        let itemPassword = "Item-\(UUID().uuidString)"
        try cli.initVault(password: master)
        cli.setEnvironment("SESAME_TEST_SHELL_TOKEN", "shell-only-token")

        // `sesame unlock` while it waits for the password, then with it.
        let unlock = try cli.start(["unlock", "--password-stdin"])
        #expect(eventually { ProcessTable.isAlive(Int(unlock.process.processIdentifier)) })
        var seen = ProcessTable.exposedText(of: Int(unlock.process.processIdentifier))
        try unlock.finish(input: master + "\n")
        #expect(unlock.process.terminationStatus == 0)
        let agent = try #require(try cli.agentStatus()["pid"] as? Int)
        let agentText = ProcessTable.exposedText(of: agent)
        seen += agentText
        #expect(agentText.contains("sesame\0agent\0--socket\0\(cli.home)/run/sesame/agent.sock"))
        #expect(!agentText.contains("shell-only-token"), "the agent inherited the whole shell environment")
        #expect(!agentText.contains("XDG_DATA_HOME"))
        let limits = (try? String(contentsOfFile: "/proc/\(agent)/limits", encoding: .utf8)) ?? ""
        #expect(limits.split(separator: "\n").contains { $0.hasPrefix("Max core file size") && $0.contains(" 0 ") })

        // A command that talks to the agent while it waits for an item's password.
        let add = try cli.start(["add", "Bank", "--password-stdin"])
        #expect(eventually { ProcessTable.isAlive(Int(add.process.processIdentifier)) })
        seen += ProcessTable.exposedText(of: Int(add.process.processIdentifier))
        try add.finish(input: itemPassword + "\n")
        #expect(add.process.terminationStatus == 0)
        seen += try ProcessTable.psOutput()
        #expect(try cli.run(["show", "Bank", "--reveal", "--json"]).stdout.contains(itemPassword))
        seen += ProcessTable.exposedText(of: agent)

        #expect(!seen.contains(master), "the master password is visible in argv or the environment")
        #expect(!seen.contains(itemPassword), "an item's password is visible in argv or the environment")
    }

    @Test func sesameAndTheGitHelperLeaveNoCoreFile() throws {
        let cli = CLIHarness()
        defer { cli.stopAgent() }
        try cli.initVault(password: "master-pw")
        for (executable, arguments) in [("sesame", ["unlock", "--password-stdin"]), ("git-credential-sesame", ["get"])] {
            // Each waits for its standard input, holding its place in the process table.
            let command = RunningCommand(process: cli.makeProcess(arguments, executable: executable))
            try command.process.run()
            command.startReading()
            let pid = command.process.processIdentifier
            #expect(eventually {
                let limits = (try? String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)) ?? ""
                // Soft and hard limit both 0: the test runner's own soft limit may be 0 already.
                let line = limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") } ?? ""
                return line.dropFirst("Max core file size".count).split(separator: " ").prefix(2) == ["0", "0"]
            }, "\(executable) may still write a core file")
            try command.finish()
        }
    }

    /// Run as root (the agent is non-dumpable): its memory after `lock` holds neither an item's password that was
    /// filled, shown and handed to git, nor the old or new master password of a `passwd` (sent in secret frames).
    @Test(.enabled(if: getuid() == 0, "reading another process's memory needs root"))
    func afterLockTheAgentsMemoryHoldsNoPassword() throws {
        let cli = CLIHarness()
        defer { cli.stopAgent() }
        let master = "Master-\(UUID().uuidString)", newMaster = "NewMaster-\(UUID().uuidString)"
        let itemPassword = "Item-\(UUID().uuidString)"
        try cli.initVault(password: master)
        #expect(try cli.run(["unlock", "--password-stdin"], input: master + "\n").status == 0)
        #expect(try cli.run(["add", "Bank", "--url", "https://bank.example.com", "--password-stdin"], input: itemPassword + "\n").status == 0)
        for _ in 0..<3 {
            #expect(try cli.run(["fill", "https://bank.example.com", "--json"]).stdout.contains(itemPassword))
            #expect(try cli.run(["show", "Bank", "--reveal"]).stdout.contains(itemPassword))
            let git = try cli.run(["get"], input: "protocol=https\nhost=bank.example.com\n\n", executable: "git-credential-sesame")
            #expect(git.stdout.contains(itemPassword))
        }
        #expect(try cli.run(["passwd", "--allow-weak-password", "--password-stdin"], input: master + "\n" + newMaster + "\n").status == 0)
        let agent = try #require(try cli.agentStatus()["pid"] as? Int)
        #expect(try cli.run(["lock"]).status == 0)
        // The vault's path is in the agent's heap: proof that the scan reads it.
        let found = try ProcessTable.occurrences(of: [itemPassword, master, newMaster, cli.canonicalVault], inMemoryOf: agent)
        #expect(found.prefix(3) == [0, 0, 0], "item, old master, new master password copies: \(found)")
        #expect(found[3] > 0)
        // The agent sesame started runs without glibc's per-thread heap cache, whose blocks are not scrubbed.
        let environ = try String(decoding: Data(contentsOf: URL(fileURLWithPath: "/proc/\(agent)/environ")), as: UTF8.self)
        #expect(environ.split(separator: "\0").contains("GLIBC_TUNABLES=glibc.malloc.tcache_count=0"))
    }

    @Test func aClientKilledMidRequestLeavesTheAgentServing() throws {
        let cli = CLIHarness()
        try cli.initVault()
        let agent = try cli.start(["agent"])
        defer {
            if agent.process.isRunning { kill(agent.process.processIdentifier, SIGKILL) }
        }
        #expect(eventually { FileManager.default.fileExists(atPath: cli.home + "/run/sesame/agent.sock") })
        // Three failures: the next attempt waits 4 s in the agent.
        for _ in 0..<3 { #expect(try cli.run(["unlock", "--password-stdin"], input: "wrong\n").status == 2) }

        let victim = try cli.start(["unlock", "--password-stdin"])
        try victim.write("master-pw\n")
        let pid = Int(victim.process.processIdentifier)
        #expect(eventually { ProcessTable.hasSocket(pid) }, "the client never connected")
        usleep(300_000)
        kill(pid_t(pid), SIGKILL)
        victim.process.waitUntilExit()
        #expect(victim.process.terminationReason == .uncaughtSignal)

        // Others are answered while the dead client's attempt still waits out the throttle.
        let status = try cli.agentStatus()
        #expect(status["running"] as? Bool == true)
        #expect(status["unlocked"] as? Bool == false, "status waited for the pending unlock attempt")
        // The attempt completes for nobody; the agent carries on.
        #expect(eventually(timeout: 10) { (try? cli.agentStatus()["unlocked"] as? Bool) == true })
        #expect(try cli.run(["list"]).status == 0)

        // SIGTERM: clean shutdown, socket removed, nothing secret in the log.
        kill(agent.process.processIdentifier, SIGTERM)
        let log = try agent.finish()
        #expect(agent.process.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: cli.home + "/run/sesame/agent.sock"))
        #expect(log.contains("Stopping") && log.contains("Unlocked"), "\(log)")
        #expect(!log.contains("master-pw"))
    }

    @Test func twoUnlocksAtOnceEndWithOneAgent() throws {
        let cli = CLIHarness()
        defer { cli.stopAgent() }
        try cli.initVault()
        let first = try cli.start(["unlock", "--password-stdin"])
        let second = try cli.start(["unlock", "--password-stdin"])
        try first.write("master-pw\n")
        try second.write("master-pw\n")
        _ = try first.finish()
        _ = try second.finish()
        #expect(first.process.terminationStatus == 0 && second.process.terminationStatus == 0)
        let socket = cli.home + "/run/sesame/agent.sock"
        // The agent that lost the race for the lock may still be on its way out when both unlocks return.
        var agents: [Int] = []
        _ = eventually { agents = ProcessTable.pids { $0.contains("agent\0--socket\0\(socket)") }; return agents.count == 1 }
        #expect(agents.count == 1, "agents serving \(socket): \(agents)")
        #expect(try cli.agentStatus()["pid"] as? Int == agents.first)
    }

    @Test func aSecondForegroundAgentExitsAndStopEndsTheFirst() throws {
        let cli = CLIHarness()
        let agent = try cli.start(["agent", "--timeout", "1h"])
        defer {
            if agent.process.isRunning { kill(agent.process.processIdentifier, SIGKILL) }
        }
        #expect(eventually { FileManager.default.fileExists(atPath: cli.home + "/run/sesame/agent.sock") })
        let second = try cli.run(["agent"])
        #expect(second.status == 1)
        #expect(second.stderr.contains("An agent already serves \(cli.home)/run/sesame/agent.sock"))

        try cli.initVault()
        #expect(try cli.run(["unlock", "--password-stdin"], input: "master-pw\n").stdout.contains("after 1h without use"))
        let stop = try cli.run(["agent", "--stop"])
        #expect(stop.stdout == "Stopped the agent (pid \(agent.process.processIdentifier)).\n")
        _ = try agent.finish()
        #expect(agent.process.terminationStatus == 0)
        #expect(try cli.run(["agent", "--stop"]).stdout == "No agent is running.\n")
        #expect(try cli.run(["lock"]).stdout == "No agent is running; nothing to lock.\n")
    }

    @Test func passwdThroughTheAgentStillNeedsTheCurrentPassword() throws {
        let cli = CLIHarness()
        defer { cli.stopAgent() }
        try cli.initVault()
        #expect(try cli.run(["unlock", "--password-stdin"], input: "master-pw\n").status == 0)
        let wrong = try cli.run(["passwd", "--allow-weak-password", "--password-stdin"], input: "guess\nnew-pw\n")
        #expect(wrong.status == 2)
        let changed = try cli.run(["passwd", "--allow-weak-password", "--password-stdin"], input: "master-pw\nnew-pw\n")
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(try cli.run(["list"]).status == 0, "the agent stays unlocked")
        #expect(try cli.run(["lock"]).status == 0)
        #expect(try cli.run(["unlock", "--password-stdin"], input: "master-pw\n").status == 2)
        #expect(try cli.run(["unlock", "--password-stdin"], input: "new-pw\n").status == 0)
    }

    @Test func anotherVaultIsNotServedByTheAgent() throws {
        let cli = CLIHarness()
        defer { cli.stopAgent() }
        try cli.initVault()
        let other = cli.home + "/other.sqlite"
        #expect(try cli.run(["init", "--allow-weak-password", "--vault", other, "--kdf-memory", "19", "--kdf-passes", "2", "--password-stdin"],
                            input: "other-pw\n").status == 0)
        #expect(try cli.run(["unlock", "--password-stdin"], input: "master-pw\n").status == 0)
        // Commands on the other vault ask for its password, as without an agent.
        #expect(try cli.run(["list", "--vault", other, "--password-stdin"]).status == 1)
        #expect(try cli.run(["list", "--vault", other, "--password-stdin"], input: "other-pw\n").status == 0)
        let refused = try cli.run(["unlock", "--vault", other, "--password-stdin"], input: "other-pw\n")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("lock it first with 'sesame lock'"))
        let text = try cli.run(["status", "--vault", other])
        #expect(text.stdout.contains("Note:   commands here use \(AgentCLITests.realpath(other)), which the agent does not hold."))
    }

    @Test func unsafeSocketFoldersAndBadDurationsAreRefused() throws {
        let cli = CLIHarness()
        defer { cli.stopAgent() }
        try cli.initVault()
        #expect(try cli.run(["unlock", "--timeout", "5x", "--password-stdin"], input: "master-pw\n").status == 64)
        try FileManager.default.createDirectory(atPath: cli.home + "/run/sesame", withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        let unsafe = try cli.run(["unlock", "--password-stdin"], input: "master-pw\n")
        #expect(unsafe.status == 1)
        #expect(unsafe.stderr.contains("is open to other users (mode 755)"))
        #expect(!FileManager.default.fileExists(atPath: cli.home + "/run/sesame/agent.sock"))
        // Without an agent, commands work as before.
        #expect(try cli.run(["list", "--password-stdin"], input: "master-pw\n").status == 0)
    }

    static func realpath(_ path: String) -> String {
        guard let resolved = Glibc.realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

// MARK: - Helpers

extension CLIHarness {
    var canonicalVault: String { AgentCLITests.realpath(vault) }

    func agentStatus() throws -> [String: Any] {
        let result = try run(["status", "--json"])
        return try #require(try json(result) as? [String: Any], "\(result.stderr)")
    }

    func stopAgent() {
        _ = try? run(["agent", "--stop"])
    }

    /// Starts `sesame` without waiting, with pipes on all three standard streams.
    func start(_ arguments: [String]) throws -> RunningCommand {
        let process = makeProcess(arguments)
        let command = RunningCommand(process: process)
        try process.run()
        command.startReading()
        return command
    }
}

final class RunningCommand: @unchecked Sendable {
    let process: Process
    private let input = Pipe(), output = Pipe(), errors = Pipe()
    private let collected = DataBox(), collectedErrors = DataBox()
    private let group = DispatchGroup()

    init(process: Process) {
        self.process = process
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
    }

    func startReading() {
        group.enter()
        DispatchQueue.global().async { [self] in
            collected.data = output.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        group.enter()
        DispatchQueue.global().async { [self] in
            collectedErrors.data = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
    }

    func write(_ text: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
    }

    /// Writes `input`, closes standard input, waits; returns standard error.
    @discardableResult
    func finish(input text: String = "") throws -> String {
        if !text.isEmpty { try write(text) }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        group.wait()
        return String(decoding: collectedErrors.data, as: UTF8.self)
    }

    var standardOutput: String { String(decoding: collected.data, as: UTF8.self) }
}

/// What any user can read about other processes.
enum ProcessTable {
    /// How often each text occurs in the readable memory of `pid` (/proc/PID/maps and /proc/PID/mem).
    static func occurrences(of texts: [String], inMemoryOf pid: Int) throws -> [Int] {
        let maps = try String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)
        let memory = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/mem"))
        defer { try? memory.close() }
        let needles = texts.map { Data($0.utf8) }
        var counts = [Int](repeating: 0, count: texts.count)
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 2, fields[1].hasPrefix("r") else { continue }
            let bounds = fields[0].split(separator: "-").compactMap { UInt64($0, radix: 16) }
            guard bounds.count == 2, !line.hasSuffix("[vvar]") else { continue }
            guard (try? memory.seek(toOffset: bounds[0])) != nil,
                let data = try? memory.read(upToCount: Int(bounds[1] - bounds[0]))
            else { continue }
            for (index, needle) in needles.enumerated() {
                var start = data.startIndex
                while let range = data.range(of: needle, in: start..<data.endIndex) {
                    counts[index] += 1
                    start = range.upperBound
                }
            }
        }
        return counts
    }


    /// `/proc/PID/cmdline` and `/proc/PID/environ`, NUL-separated as the kernel gives them.
    static func exposedText(of pid: Int) -> String {
        ["cmdline", "environ"].map { file in
            (FileManager.default.contents(atPath: "/proc/\(pid)/\(file)")).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }.joined(separator: "\n")
    }

    /// `ps -eo pid,args` for every process.
    static func psOutput() throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ps")
        process.arguments = ["-eo", "pid,args"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Alive and not a zombie.
    static func isAlive(_ pid: Int) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        let state = stat[stat.index(close, offsetBy: 2)]
        return state != "Z" && state != "X"
    }

    static func hasSocket(_ pid: Int) -> Bool {
        let folder = "/proc/\(pid)/fd"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return entries.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0))?.hasPrefix("socket:") == true }
    }

    /// Live processes whose command line (NUL-separated) satisfies `predicate`.
    static func pids(where predicate: (String) -> Bool) -> [Int] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int.init).filter { pid in
            guard isAlive(pid), let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            return predicate(String(decoding: data, as: UTF8.self))
        }.sorted()
    }
}

func eventually(timeout: TimeInterval = 10, _ condition: () throws -> Bool) rethrows -> Bool {
    let end = Date(timeIntervalSinceNow: timeout)
    while Date() < end {
        if try condition() { return true }
        usleep(20_000)
    }
    return try condition()
}
