import Foundation
import Testing

/// Debian's python3 with python3-nacl, which the protocol client needs.
let pyNaClIsInstalled: Bool = {
    let python = "/usr/bin/python3"
    guard FileManager.default.isExecutableFile(atPath: python) else { return false }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = ["-c", "import nacl.public"]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}()

/// A python3 on the test's PATH with py_webauthn and python-fido2 (the relying parties RelyingPartyTests use; pip
/// installs them, often into another interpreter than Debian's, which has python3-nacl): its path, or nil.
let relyingPartyPython: String? = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import sys, webauthn, fido2, cryptography; print(sys.executable)"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return process.terminationStatus == 0 && !path.isEmpty ? path : nil
}()

/// The whole chain as a browser drives it: a protocol client written in Python with PyNaCl (Debian's
/// python3-nacl) plays the extension against the built `sesame-browser-host`, which relays to a real agent in a
/// private home; associations are answered with the real `sesame browser` commands. Scenarios live in
/// Scripts/protocol_scenarios.py.
@Suite(.enabled(if: pyNaClIsInstalled, "needs /usr/bin/python3 with python3-nacl (Debian)"))
struct BrowserProtocolTests {
    static let python = "/usr/bin/python3"
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts").path


    /// A private home with a vault holding two logins, unlocked in its own agent (unless `locked`).
    final class Home {
        let path = FileManager.default.temporaryDirectory.path + "/sesame-browser-e2e-" + UUID().uuidString
        let bin = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().path
        var environment: [String: String] {
            [
                "HOME": path, "XDG_DATA_HOME": path + "/data", "XDG_RUNTIME_DIR": path + "/run",
                "XDG_CONFIG_HOME": path + "/config", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "NO_COLOR": "1",
                "SESAME_BIN": bin, "PYTHONPATH": BrowserProtocolTests.scripts, "PYTHONDONTWRITEBYTECODE": "1",
            ]
        }

        static let logins = [
            (title: "Example B", username: "alice", url: "https://b.example.com", password: "s3cret-P@ss"),
            (title: "Elsewhere", username: "eve", url: "https://other.example.net", password: "other-pw"),
        ]

        init(unlocked: Bool = true, logins: [(title: String, username: String, url: String, password: String)] = Home.logins) throws {
            try FileManager.default.createDirectory(atPath: path + "/run", withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try run(bin + "/sesame", ["init", "--allow-weak-password", "--kdf-memory", "19", "--kdf-passes", "2", "--password-stdin"], input: "master-pw\n")
            try run(bin + "/sesame", ["unlock", "--password-stdin"], input: "master-pw\n")
            for login in logins {
                try run(bin + "/sesame", ["add", login.title, "--username", login.username, "--url", login.url, "--password-stdin"],
                        input: login.password + "\n")
            }
            if !unlocked { try run(bin + "/sesame", ["lock"]) }
        }

        deinit {
            _ = try? run(bin + "/sesame", ["agent", "--stop"])
            try? FileManager.default.removeItem(atPath: path)
        }

        @discardableResult
        func run(_ executable: String, _ arguments: [String], input: String = "", environment extra: [String: String] = [:])
            throws -> (status: Int32, output: String)
        {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.environment = environment.merging(extra) { $1 }
            process.currentDirectoryURL = URL(fileURLWithPath: path)
            let stdin = Pipe(), output = Pipe()
            process.standardInput = stdin
            process.standardOutput = output
            process.standardError = output
            try process.run()
            try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
            try stdin.fileHandleForWriting.close()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }

        func scenario(_ name: String) throws -> (status: Int32, output: String) {
            try run(BrowserProtocolTests.python, [BrowserProtocolTests.scripts + "/protocol_scenarios.py", name])
        }

        func script(_ name: String, environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
            try run(BrowserProtocolTests.python, [BrowserProtocolTests.scripts + "/" + name], environment: environment)
        }
    }

    @Test func everyActionAnswersAsTheExtensionExpects() throws {
        let result = try Home().scenario("every_action")
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func aDeniedRequestGetsErrorSixAndARevokedAssociationNothing() throws {
        let result = try Home().scenario("deny_and_revoke")
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func aLockedVaultAnswersErrorOneAtOnce() throws {
        let result = try Home(unlocked: false).scenario("locked_vault")
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func pipelinedRequestsAreAnsweredWhileAnAssociationWaits() throws {
        let result = try Home().scenario("pipelined")
        #expect(result.status == 0, "\(result.output)")
    }

    /// get-logins carries each login's current code, and get-totp answers the agent's code (checked against
    /// oathtool) only for a login offered in this session, to an association still allowed, while unlocked.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/oathtool"), "needs oathtool (Debian)"))
    func getTOTPAnswersTheCurrentCodeOnlyForOfferedLoginsOfAnAssociatedKey() throws {
        let result = try Home().scenario("one_time_codes")
        #expect(result.status == 0, "\(result.output)")
    }

    /// Issue 22: a page chose its form's action to get GitHub's login and code, from another site, over http, or
    /// from `data:`, `file:` and `about:blank` pages; `set-login` from such a page overwrote GitHub's password.
    @Test func aPageGetsAndChangesOnlyItsOwnLoginsWhateverItsFormsAction() throws {
        let result = try Home().scenario("hostile_pages")
        #expect(result.status == 0, "\(result.output)")
    }

    /// Issue 22: request-autotype needed no association, and any local process could fill the eight waiting
    /// association places for five minutes.
    @Test func strangersGetNoAutoTypeAndCannotCrowdOutTheBrowsersAssociation() throws {
        let result = try Home().scenario("association_slots")
        #expect(result.status == 0, "\(result.output)")
    }

    /// Issue 24: passkeys-register then passkeys-get through the host, verified by py_webauthn and python-fido2
    /// as the page's server; a public suffix or another site as relying party id, http off localhost, an excluded
    /// credential, no ES256, an unassociated browser and a locked vault are refused with KeePassXC's codes. Each
    /// request the vault would do is confirmed through a stand-in pinentry first, naming the page and the account
    /// (escaped); refused ones ask nobody; a no, a timeout or no pinentry at all is error 22 and changes nothing.
    @Test(.enabled(if: relyingPartyPython != nil, "needs py_webauthn and python-fido2 (pip install webauthn fido2)"))
    func passkeysRegisterAndSignInAsARelyingPartyVerifiesAndRefusalsCarryKeePassXCsCodes() throws {
        let home = try Home()
        let result = try home.run(BrowserProtocolTests.python, [BrowserProtocolTests.scripts + "/protocol_scenarios.py", "passkeys"],
                                  environment: ["RELYING_PARTY_PYTHON": relyingPartyPython ?? ""])
        #expect(result.status == 0, "\(result.output)")
    }

    /// Issue 24: the host asks through pinentry before each passkey and has no terminal, so with only
    /// pinentry-curses a page's passkey requests are refused; `sesame setup browser` says so when it installs.
    @Test func setupBrowserSaysWhenNoPinentryCanAskForPasskeys() throws {
        let home = try Home()
        let noted = "Note: no graphical pinentry is installed"
        for (pinentry, expectsNote) in [("pinentry-curses", true), ("pinentry-gnome3", false)] {
            let folder = home.path + "/programs-" + pinentry
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(
                atPath: folder + "/" + pinentry, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o700])
            try FileManager.default.createSymbolicLink(atPath: folder + "/pinentry", withDestinationPath: pinentry)
            let setup = try home.run(home.bin + "/sesame", ["setup", "browser", "--browser", "firefox"],
                                     environment: ["PATH": folder])
            #expect(setup.status == 0, "\(setup.output)")
            #expect(setup.output.contains(noted) == expectsNote, "\(pinentry): \(setup.output)")
        }
    }

    @Test func badMACsReplayedNoncesAndUnknownKeysAreRefused() throws {
        let result = try Home().scenario("crypto_failures")
        #expect(result.status == 0, "\(result.output)")
    }
}
