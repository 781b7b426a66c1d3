import Foundation
import Testing

@Suite struct OneTimeCodeCLITests {
    static let secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"

    /// The code oathtool computes now, retried across a period boundary.
    static func oathtoolCode(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/oathtool")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func otpIsReadLikeAPasswordAndTotpPrintsOathtoolsCode() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/oathtool"), "oathtool (Debian package oathtool) cross-checks the codes")
        let cli = CLIHarness()
        try cli.initVault()
        let uri = "otpauth://totp/Example:alice?secret=\(Self.secret)&issuer=Example&algorithm=SHA256&digits=8&period=60"
        let added = try cli.run(["add", "Example", "-u", "alice", "--url", "example.com", "--otp", "--password-stdin"],
                                input: "master-pw\nitem-pw\n\(uri)\n")
        #expect(added.status == 0, "\(added.stderr)")
        for _ in 0..<3 {
            let result = try cli.run(["totp", "Example", "--json", "--password-stdin"], input: "master-pw\n")
            #expect(result.status == 0, "\(result.stderr)")
            let json = try #require(try cli.json(result) as? [String: Any])
            let expected = try Self.oathtoolCode(["--totp=sha256", "--base32", "--digits=8", "--time-step-size=60s", Self.secret])
            let remaining = try #require(json["remaining"] as? Int)
            #expect((1...60).contains(remaining))
            if remaining < 3 { Thread.sleep(forTimeInterval: 3); continue }
            #expect(json["code"] as? String == expected)
            let filled = try cli.run(["fill", "https://example.com/login", "--otp", "--json", "--password-stdin"], input: "master-pw\n")
            #expect((try cli.json(filled) as? [String: Any])?["code"] as? String == expected)
            return
        }
        Issue.record("no stable period in three tries")
    }

    @Test func editSetsABareSecretAndRemovesIt() throws {
        let cli = CLIHarness()
        try cli.initVault()
        _ = try cli.run(["add", "Mail", "--password-stdin"], input: "master-pw\npw\n")
        let edited = try cli.run(["edit", "Mail", "--otp", "--password-stdin"], input: "master-pw\n\(Self.secret.lowercased())\n")
        #expect(edited.status == 0, "\(edited.stderr)")
        let code = try cli.run(["totp", "Mail", "--password-stdin"], input: "master-pw\n")
        #expect(code.status == 0)
        #expect(code.stdout.range(of: #"^\d{6} \(\d+ s left\)\n$"#, options: .regularExpression) != nil, "\(code.stdout)")
        #expect(try cli.run(["edit", "Mail", "--remove-otp", "--password-stdin"], input: "master-pw\n").status == 0)
        let gone = try cli.run(["totp", "Mail", "--password-stdin"], input: "master-pw\n")
        #expect(gone.status == 1)
        #expect(gone.stderr == "Error: 'Mail' has no one-time code.\n")
    }

    @Test func malformedOtpIsRejectedWithoutEchoingIt() throws {
        let cli = CLIHarness()
        try cli.initVault()
        let result = try cli.run(["add", "Bad", "--otp", "--password-stdin"], input: "master-pw\npw\notpauth://totp/x?secret=SECRET1SECRET\n")
        #expect(result.status == 1)
        #expect(result.stderr == "Error: The one-time code setting is not valid: the secret is not base32.\n")
    }

    @Test func throughAnUnlockedAgentTheCodeNeedsNoMasterPassword() throws {
        let cli = CLIHarness()
        defer { cli.stopAgent() }
        try cli.initVault()
        #expect(try cli.run(["unlock", "--password-stdin"], input: "master-pw\n").status == 0)
        // No master password line: the item's password, then the one-time code setting.
        let added = try cli.run(["add", "Site", "--url", "site.example", "--otp", "--password-stdin"], input: "pw\n\(Self.secret)\n")
        #expect(added.status == 0, "\(added.stderr)")
        let code = try #require(try cli.json(cli.run(["totp", "Site", "--json"])) as? [String: Any])
        #expect((code["code"] as? String)?.count == 6)
        #expect(try cli.run(["edit", "Site", "--otp", "--password-stdin"], input: "otpauth://totp/x?secret=\(Self.secret)&digits=8\n").status == 0)
        let filled = try #require(try cli.json(cli.run(["fill", "site.example", "--otp", "--json"])) as? [String: Any])
        #expect((filled["code"] as? String)?.count == 8)
    }
}
