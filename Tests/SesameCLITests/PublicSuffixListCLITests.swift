import Foundation
import Testing

/// The public suffix list is found by the command and handed on: an agent the command starts uses the same list.
@Suite struct PublicSuffixListCLITests {
    /// With Debian's list `a.shared.example` and `b.shared.example` are one site; a list that makes `shared.example`
    /// a public suffix makes them two. The agent, started with a minimal environment, must still use that list.
    @Test(.timeLimit(.minutes(3)))
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

    @Test func aMissingListIsReportedWithWhatToDo() throws {
        let cli = CLIHarness()
        cli.setEnvironment("SESAME_PUBLIC_SUFFIX_LIST", cli.home + "/missing.dat")
        let result = try cli.run(["init", "--kdf-memory", "19", "--kdf-passes", "2", "--password-stdin"], input: "pw\n")
        #expect(result.status == 1)
        #expect(result.stderr.contains("public suffix list is missing"), "\(result.stderr)")
        #expect(result.stderr.contains("SESAME_PUBLIC_SUFFIX_LIST"))
    }
}
