import Foundation
import Testing

/// `sesame autotype` as a person's hotkey runs it: the whole `sesame` process with its vault, the helper beside
/// it, a private X server, and no terminal (so the master password comes with --password-stdin).
@Suite(.enabled(if: X11Session.available, "needs xvfb, openbox, python3-tk and x11-xkb-utils (scripts/packages.txt)"))
struct AutoTypeCommandTests {
    static let master = "master-pw"

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    let session: X11Session
    let vault: String

    init() throws {
        session = try X11Session()
        vault = session.folder + "/vault.sqlite"
        try #require(try sesame(["init", "--kdf-memory", "19", "--kdf-passes", "2"], input: Self.master).status == 0)
    }

    @discardableResult
    func sesame(_ arguments: [String], input: String, environment: [String: String]? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("sesame")
        process.arguments = arguments + ["--password-stdin", "--vault", vault]
        var base = session.environment
        base["SESAME_NO_AGENT"] = "1"
        base["NO_COLOR"] = "1"
        process.environment = environment ?? base
        process.currentDirectoryURL = URL(fileURLWithPath: session.folder)
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                      stderr: String(decoding: err, as: UTF8.self))
    }

    func addLogin(_ title: String, url: String, username: String, password: String, fields: [String] = []) throws {
        let result = try sesame(["add", title, "--username", username, "--url", url] + fields.flatMap { ["--field", $0] },
                                input: "\(Self.master)\n\(password)\n")
        try #require(result.status == 0, "\(result.stderr)")
    }

    @Test func typesTheLoginOfTheSiteInTheWindowTitle() throws {
        try addLogin("Example", url: "https://example.com/login", username: "alice", password: "Grüße€ s3cr3t!")
        let form = try session.openLoginForm(title: "Example Login - example.com")
        let result = try sesame(["autotype"], input: Self.master + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Typed 'Example' into 'Example Login - example.com'.\n")
        #expect(try form.waitForSubmission() == LoginForm.Contents(username: "alice", password: "Grüße€ s3cr3t!", submitted: true, other: ""))
    }

    @Test func aRuleByClassWithItsOwnSequenceWins() throws {
        try addLogin("Example", url: "https://example.com", username: "alice", password: "pw1")
        try addLogin("Intranet", url: "https://intranet.test", username: "bob", password: "pw2")
        let added = try sesame(["autotype", "rule", "add", "--class", "SesameTestLogin", "--sequence",
                                "{USERNAME}{TAB}{PASSWORD}-{S:pin}{ENTER}", "Intranet", "--json"], input: Self.master + "\n")
        #expect(added.status == 0, "\(added.stderr)")
        let listed = try sesame(["autotype", "rule", "list"], input: Self.master + "\n")
        #expect(listed.stdout.contains("windows of class 'SesameTestLogin'") && listed.stdout.contains("Intranet"))
        // The rule's sequence names a field the item lacks: nothing is typed, and the message says which.
        let form = try session.openLoginForm(title: "Example Login - example.com")
        let failed = try sesame(["autotype"], input: Self.master + "\n")
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("has no field 'pin'"))
        #expect(try form.contents().username == "")
        let typed = try sesame(["autotype", "--sequence", "{USERNAME}{TAB}{PASSWORD}{ENTER}"], input: Self.master + "\n")
        #expect(typed.status == 0, "\(typed.stderr)")
        #expect(try form.waitForSubmission() == LoginForm.Contents(username: "bob", password: "pw2", submitted: true, other: ""))
    }

    @Test func severalCandidatesAndNoTerminalTypeNothing() throws {
        try addLogin("Example A", url: "https://example.com", username: "alice", password: "pw1")
        try addLogin("Example B", url: "https://example.com", username: "bob", password: "pw2")
        let form = try session.openLoginForm(title: "Example Login - example.com")
        let result = try sesame(["autotype"], input: Self.master + "\n")
        #expect(result.status == 1)
        #expect(result.stderr.contains("2 logins match the window 'Example Login - example.com'"))
        #expect(result.stderr.contains("nothing was typed"))
        usleep(200_000)
        #expect(try form.contents() == LoginForm.Contents(username: "", password: "", submitted: false, other: ""))
        let named = try sesame(["autotype", "--item", "Example B"], input: Self.master + "\n")
        #expect(named.status == 0, "\(named.stderr)")
        #expect(try form.waitForSubmission().username == "bob")
    }

    @Test func withoutAnyDisplayItSaysWhatItNeeds() throws {
        var environment = session.environment
        environment["DISPLAY"] = nil
        environment["SESAME_NO_AGENT"] = "1"
        let noSession = try sesame(["autotype"], input: Self.master + "\n", environment: environment)
        #expect(noSession.status == 1)
        #expect(noSession.stderr.contains("Auto-Type needs a graphical session"))
        environment["WAYLAND_DISPLAY"] = "wayland-test"
        environment["PATH"] = session.folder  // no wtype here
        let noWtype = try sesame(["autotype", "--item", "x"], input: Self.master + "\n", environment: environment)
        #expect(noWtype.status == 1)
        #expect(noWtype.stderr.contains("Auto-Type needs X11 or XWayland"))
        #expect(noWtype.stderr.contains("wtype"))
    }
}
