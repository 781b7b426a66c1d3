import Foundation
import Testing

/// `sesame setup git` writes the path of the installed helper, which git runs without a lookup through
/// `git credential-sesame`, and `sesame status` says when that path has gone stale.
@Suite struct GitSetupCLITests {
    let installed = CLIHarness.executable("git-credential-sesame")

    func helpers(_ cli: CLIHarness) throws -> [String] {
        try git(cli, ["config", "--global", "--get-all", "credential.helper"]).split(separator: "\n").map(String.init)
    }

    @discardableResult
    func git(_ cli: CLIHarness, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = arguments
        process.environment = cli.environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func setupWritesTheInstalledPathInPlaceOfTheName() throws {
        let cli = CLIHarness()
        for helper in ["cache", "sesame", "store"] { try git(cli, ["config", "--global", "--add", "credential.helper", helper]) }
        let setup = try cli.run(["setup", "git", "--json"])
        #expect(setup.status == 0, "\(setup.stderr)")
        let answer = try #require(try cli.json(setup) as? [String: Any])
        #expect(answer["changed"] as? Bool == true && answer["helper"] as? String == installed)
        // In place: git still asks the cache first and the store last.
        #expect(try helpers(cli) == ["cache", installed, "store"])
        let again = try #require(try cli.json(cli.run(["setup", "git", "--json"])) as? [String: Any])
        #expect(again["changed"] as? Bool == false)
        #expect(try cli.run(["setup", "git"]).stdout == "git already asks Sesame for credentials (credential.helper \(installed)).\n")
        let status = try #require(try cli.json(cli.run(["status", "--json"])) as? [String: Any])
        let helper = try #require(status["gitHelper"] as? [String: Any])
        #expect(helper["helper"] as? String == installed && helper["found"] as? Bool == true)
    }

    @Test func aSesameThatMovedIsReportedAndReplaced() throws {
        let cli = CLIHarness()
        let stale = cli.home + "/old/bin/git-credential-sesame"
        try git(cli, ["config", "--global", "--add", "credential.helper", stale])
        let status = try cli.run(["status"])
        #expect(status.stdout.contains("Git:    credential.helper \(stale) is not there: git prints 'not found'"), "\(status.stdout)")
        let json = try #require(try cli.json(cli.run(["status", "--json"])) as? [String: Any])
        #expect((json["gitHelper"] as? [String: Any])?["found"] as? Bool == false)
        let setup = try cli.run(["setup", "git"])
        #expect(setup.stdout.contains("Replaced credential.helper \(stale): it is not there any more"), "\(setup.stdout)")
        #expect(try helpers(cli) == [installed])
        #expect(try cli.run(["status"]).stdout.contains("Git:    asks Sesame (credential.helper \(installed))"))
    }

    @Test func undoRemovesEveryEntryOfSesameOnly() throws {
        let cli = CLIHarness()
        for helper in ["sesame", "/elsewhere/git-credential-sesame", "cache", "/usr/bin/git-credential-sesame-not"] {
            try git(cli, ["config", "--global", "--add", "credential.helper", helper])
        }
        let undo = try cli.run(["setup", "git", "--undo", "--json"])
        #expect((try cli.json(undo) as? [String: Any])?["changed"] as? Bool == true)
        #expect(try helpers(cli) == ["cache", "/usr/bin/git-credential-sesame-not"])
        #expect(try cli.run(["setup", "git", "--undo"]).stdout == "Sesame was not one of git's credential helpers.\n")
    }
}
