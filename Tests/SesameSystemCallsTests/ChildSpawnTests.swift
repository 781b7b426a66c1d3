import Foundation
import Glibc
import SesameSystemCalls
import Testing

/// `ChildSpawn` starts real programs: what each option promises is read back from the child itself (its output,
/// its session, its open descriptors, its ignored signals in /proc), so an option that did nothing fails here.
@Suite(.serialized) struct ChildSpawnTests {
    /// Everything `descriptor` delivers until its end, then closes it.
    private func readAll(_ descriptor: Int32) -> String {
        var collected: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            collected += buffer[0..<count]
        }
        close(descriptor)
        return String(decoding: collected, as: UTF8.self)
    }

    private func shell(_ script: String, environment: [String: String]? = ["PATH": "/usr/bin:/bin"]) -> ChildSpawn {
        var spawn = ChildSpawn(path: "/bin/sh", arguments: ["sh", "-c", script], environment: environment)
        spawn.standardOutput = .pipe
        return spawn
    }

    @Test func bytesGoInThroughOnePipeAndComeBackThroughTheOther() throws {
        var spawn = ChildSpawn(path: "/bin/cat", arguments: ["cat"], environment: [:])
        spawn.standardInput = .pipe
        spawn.standardOutput = .pipe
        let child = try spawn.start()
        let input = try #require(child.input), output = try #require(child.output)
        try FileDescriptor(rawValue: input).writeAll(Array("line one\nline two\n".utf8))
        close(input)
        #expect(readAll(output) == "line one\nline two\n")
        #expect(try waitForChild(child.pid) == 0)
    }

    @Test func theChildGetsExactlyTheEnvironmentGiven() throws {
        var spawn = ChildSpawn(path: "/usr/bin/env", arguments: ["env"], environment: ["ZETA": "last", "ALPHA": "first"])
        spawn.standardOutput = .pipe
        let child = try spawn.start()
        let lines = readAll(try #require(child.output)).split(separator: "\n")
        #expect(lines.sorted() == ["ALPHA=first", "ZETA=last"])
        _ = try waitForChild(child.pid)
    }

    @Test func nilEnvironmentPassesThisProcesssOwn() throws {
        setenv("SESAME_SPAWN_PROBE", "inherited", 1)
        defer { unsetenv("SESAME_SPAWN_PROBE") }
        let child = try shell("printf %s \"$SESAME_SPAWN_PROBE\"", environment: nil).start()
        #expect(readAll(try #require(child.output)) == "inherited")
        _ = try waitForChild(child.pid)
    }

    @Test func aNewSessionIsAskedForAndNotGivenOtherwise() throws {
        for newSession in [true, false] {
            var spawn = ChildSpawn(path: "/bin/sleep", arguments: ["sleep", "5"], environment: [:])
            spawn.newSession = newSession
            let child = try spawn.start()
            let session = getsid(child.pid)
            kill(child.pid, SIGKILL)
            _ = try waitForChild(child.pid)
            if newSession {
                #expect(session == child.pid, "the child leads a session of its own")
            } else {
                #expect(session == getsid(0), "the child stays in this session")
            }
        }
    }

    @Test func otherDescriptorsAreClosedOnlyWhenAsked() throws {
        // A pipe end without close-on-exec, as a parent's `$(…)` leaves one.
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        for closes in [true, false] {
            var spawn = shell("if [ -e /proc/self/fd/\(ends[1]) ]; then echo open; else echo closed; fi")
            spawn.closesOtherDescriptors = closes
            let child = try spawn.start()
            #expect(readAll(try #require(child.output)) == (closes ? "closed\n" : "open\n"))
            _ = try waitForChild(child.pid)
        }
    }

    @Test func anIgnoredSignalIsResetToItsDefault() throws {
        var ignore = sigaction(), previous = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigaction(SIGUSR2, &ignore, &previous)
        defer { sigaction(SIGUSR2, &previous, nil) }
        let bit: UInt64 = 1 << UInt64(SIGUSR2 - 1)
        for defaults in [[SIGUSR2], []] {
            var spawn = ChildSpawn(path: "/bin/sleep", arguments: ["sleep", "5"], environment: [:])
            spawn.defaultSignals = defaults
            let child = try spawn.start()
            // SigIgn is read once the child runs sleep (exec resets handlers, not ignored signals).
            var ignored: UInt64?
            for _ in 0..<200 where ignored == nil {
                let status = (try? String(contentsOfFile: "/proc/\(child.pid)/status", encoding: .utf8)) ?? ""
                if status.contains("Name:\tsleep"), let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigIgn:") }) {
                    ignored = UInt64(line.dropFirst(7).trimmingCharacters(in: .whitespaces), radix: 16)
                } else {
                    usleep(10_000)
                }
            }
            kill(child.pid, SIGKILL)
            _ = try waitForChild(child.pid)
            let mask = try #require(ignored)
            #expect((mask & bit != 0) == defaults.isEmpty)
        }
    }

    @Test func anExitStatusAndAFatalSignalAreReportedAsAShellDoes() throws {
        let exiting = try shell("exit 3").start()
        #expect(try waitForChild(exiting.pid) == 3)
        let killed = try shell("kill -TERM $$").start()
        #expect(try waitForChild(killed.pid) == 128 + SIGTERM)
    }

    @Test func aMissingProgramIsAnError() throws {
        var spawn = ChildSpawn(path: "/nonexistent/program", arguments: ["program"], environment: [:])
        spawn.standardInput = .pipe
        spawn.standardOutput = .pipe
        #expect(throws: SystemCallError("posix_spawn", code: ENOENT)) { try spawn.start() }
    }
}
