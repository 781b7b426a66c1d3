import Foundation
import Testing

/// A password inside a URL never enters the vault, so `list`, `match` and `show` can never print it.
@Suite struct URLPasswordCLITests {
    @Test func addAndEditRefuseAURLWithAPassword() throws {
        let cli = CLIHarness()
        try cli.initVault()
        let add = try cli.run(["add", "A", "--url", "https://u:hunter2@a.example/", "--username", "u", "--password-stdin"],
                              input: "master-pw\np\n")
        #expect(add.status == 1)
        #expect(add.stderr.contains("holds a password"), "\(add.stderr)")
        #expect(!add.stderr.contains("hunter2"))
        let list = try cli.run(["list", "--password-stdin"], input: "master-pw\n")
        #expect(!list.stdout.contains("hunter2"))
    }
}
