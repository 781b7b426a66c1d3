import Foundation
import Testing

/// The public suffix list is found by the command and handed on: an agent the command starts uses the same list.
@Suite struct PublicSuffixListCLITests {
    /// With Debian's list `a.shared.example` and `b.shared.example` are one site; a list that makes `shared.example`
    /// a public suffix makes them two. The agent, started with a minimal environment, must still use that list.
    @Test(.timeLimit(.minutes(10)))
    func anAgentStartedByACommandUsesItsList() throws {
        let cli = CLIHarness()
        let list = cli.home + "/psl.dat"
        try "com\nexample\nshared.example\n".write(toFile: list, atomically: true, encoding: .utf8)
        cli.setEnvironment("SESAME_PUBLIC_SUFFIX_LIST", list)
        try cli.initVault()
        defer { _ = try? cli.run(["agent", "--stop"]) }
        let unlock = try cli.run(["unlock", "--password-stdin"], input: "master-pw\n")
        #expect(unlock.status == 0, "\(unlock.stderr)")
        let add = try cli.run(["add", "A", "--url", "https://a.shared.example", "--username", "u", "--password-stdin"],
                              input: "pw\n")
        #expect(add.status == 0, "\(add.stderr)")
        let other = try cli.run(["match", "https://b.shared.example", "--json"])
        #expect(!other.stdout.contains("a.shared.example"), "\(other.stdout)")
        let same = try cli.run(["match", "https://www.a.shared.example", "--json"])
        #expect(same.stdout.contains("a.shared.example"), "\(same.stdout) \(same.stderr)")
    }

    /// The git helper starts the agent itself when none runs and a person can type the master password: that agent
    /// gets the helper's list too. `script` gives the helper the terminal it prompts on.
    @Test(.timeLimit(.minutes(10)), .enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")
            && FileManager.default.fileExists(atPath: "/dev/ptmx"),
        "needs util-linux's script and pseudo-terminals"))
    func anAgentStartedByTheGitHelperUsesItsList() throws {
        let cli = CLIHarness()
        let list = cli.home + "/psl.dat"
        try "com\nexample\nshared.example\n".write(toFile: list, atomically: true, encoding: .utf8)
        cli.setEnvironment("SESAME_PUBLIC_SUFFIX_LIST", list)
        try cli.initVault()
        defer { _ = try? cli.run(["agent", "--stop"]) }
        // No agent runs yet: stored by the command itself (master password, then the item's).
        let add = try cli.run(["add", "A", "--url", "https://a.shared.example", "--username", "u", "--password-stdin"],
                              input: "master-pw\npw\n")
        #expect(add.status == 0, "\(add.stderr)")
        #expect(try cli.run(["status", "--json"]).stdout.contains("\"running\" : false"))

        try "protocol=https\nhost=a.shared.example\n\n".write(
            toFile: cli.home + "/request", atomically: true, encoding: .utf8)
        let helper = CLIHarness.executable("git-credential-sesame")
        let process = cli.makeProcess(["-qec", "\(helper) get < request", "/dev/null"], executable: "/usr/bin/script")
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        let shown = Transcript()
        stdout.fileHandleForReading.readabilityHandler = { shown.append($0.availableData) }
        try process.run()
        // Typed only once the prompt shows: the prompt discards what was typed ahead.
        #expect(eventually(timeout: 60) { shown.text.contains("Sesame master password") }, "\(shown.text)")
        try stdin.fileHandleForWriting.write(contentsOf: Data("master-pw\n".utf8))
        #expect(eventually(timeout: 60) { !process.isRunning })
        try? stdin.fileHandleForWriting.close()
        stdout.fileHandleForReading.readabilityHandler = nil
        #expect(shown.text.contains("password=pw"), "\(shown.text)")

        // Matching now runs in the agent the helper started, with the helper's list: b.shared.example is another site.
        let other = try cli.run(["match", "https://b.shared.example", "--json"])
        #expect(other.status == 0, "\(other.stderr)")
        #expect(!other.stdout.contains("a.shared.example"), "\(other.stdout)")
        let same = try cli.run(["match", "https://www.a.shared.example", "--json"])
        #expect(same.stdout.contains("a.shared.example"), "\(same.stdout) \(same.stderr)")
    }

    /// What a terminal showed, appended from the reading thread and read from the test's.
    final class Transcript: @unchecked Sendable {
        // @unchecked: `data` is guarded by `lock`.
        private let lock = NSLock()
        private var data = Data()
        func append(_ more: Data) { lock.withLock { data.append(more) } }
        var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
    }

    @Test func aMissingListIsReportedWithWhatToDo() throws {
        let cli = CLIHarness()
        cli.setEnvironment("SESAME_PUBLIC_SUFFIX_LIST", cli.home + "/missing.dat")
        let result = try cli.run(["init", "--allow-weak-password", "--kdf-memory", "19", "--kdf-passes", "2", "--password-stdin"], input: "pw\n")
        #expect(result.status == 1)
        #expect(result.stderr.contains("public suffix list is missing"), "\(result.stderr)")
        #expect(result.stderr.contains("SESAME_PUBLIC_SUFFIX_LIST"))
    }
}
