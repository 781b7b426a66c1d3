import Foundation
import Testing

/// `sesame autotype` as a person's hotkey runs it: the whole `sesame` process with its vault, the helper beside
/// it, a private X server, and no terminal (so the master password comes with --password-stdin).
@Suite(.enabled(if: X11Session.available, "needs xvfb, openbox, python3-tk, x11-xkb-utils and x11-utils (scripts/packages.txt)"))
struct AutoTypeCommandTests {
    static let master = "master-pw"

    let session: X11Session
    let vault: String

    init() throws {
        session = try X11Session()
        vault = session.folder + "/vault.sqlite"
        try #require(try sesame(["init", "--allow-weak-password", "--kdf-memory", "19", "--kdf-passes", "2"], input: Self.master).status == 0)
    }

    var environment: [String: String] {
        session.environment.merging(["SESAME_NO_AGENT": "1", "NO_COLOR": "1"]) { $1 }
    }

    @discardableResult
    func sesame(_ arguments: [String], input: String, environment: [String: String]? = nil) throws -> SesameRun {
        try SesameRun(arguments + ["--password-stdin", "--vault", vault], input: input,
                      environment: environment ?? self.environment, folder: session.folder)
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

    /// Issue 22: a browser window titled by a phishing page ("Sign in to GitHub - github.com") received GitHub's
    /// login. In a browser the title picks nothing, and the message says why; `--site` (the extension's
    /// request-autotype) still types.
    @Test func aBrowsersTitleTypesNothingButItsSiteDoes() throws {
        try addLogin("GitHub", url: "https://github.com", username: "alice", password: "gh-pw")
        let form = try session.openLoginForm(title: "Sign in to GitHub - github.com", windowClass: "Firefox-esr")
        let refused = try sesame(["autotype"], input: Self.master + "\n")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("is a web browser, whose title the page chooses"), "\(refused.stderr)")
        #expect(refused.stderr.contains("Nothing was typed."))
        usleep(200_000)
        #expect(try form.contents() == LoginForm.Contents(username: "", password: "", submitted: false, other: ""))
        let typed = try sesame(["autotype", "--site", "github.com"], input: Self.master + "\n")
        #expect(typed.status == 0, "\(typed.stderr)")
        #expect(try form.waitForSubmission().username == "alice")
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

    /// At a terminal (a pseudo-terminal here), several candidates are listed and the person's choice is typed.
    @Test func severalCandidatesAtATerminalTypeThePersonsChoice() throws {
        try addLogin("Example A", url: "https://example.com", username: "alice", password: "pw1")
        try addLogin("Example B", url: "https://example.com", username: "bob", password: "pw2")
        let form = try session.openLoginForm(title: "Example Login - example.com")
        let result = try SesameRun.inTerminal(["Master password: ", Self.master, "Type which one (1-2)", "2"],
                                              ["autotype", "--vault", vault], environment: environment, folder: session.folder)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("Several logins match the window 'Example Login - example.com'"))
        // The second line of the list is the one chosen, whichever login the order put there.
        let listed = try #require(result.stdout.split(whereSeparator: \.isNewline).first { $0.hasPrefix("  2  ") })
        let chosen = listed.hasSuffix("bob") ? (title: "Example B", username: "bob", password: "pw2")
                                             : (title: "Example A", username: "alice", password: "pw1")
        #expect(result.stdout.contains("Switch back to 'Example Login - example.com'"))
        #expect(result.stdout.contains("Typed '\(chosen.title)' into 'Example Login - example.com'."))
        #expect(try form.waitForSubmission()
                    == LoginForm.Contents(username: chosen.username, password: chosen.password, submitted: true, other: ""))
    }

    @Test func anEmptyAnswerAtTheTerminalTypesNothing() throws {
        try addLogin("Example A", url: "https://example.com", username: "alice", password: "pw1")
        try addLogin("Example B", url: "https://example.com", username: "bob", password: "pw2")
        let form = try session.openLoginForm(title: "Example Login - example.com")
        let result = try SesameRun.inTerminal(["Master password: ", Self.master, "or nothing to cancel: ", ""],
                                              ["autotype", "--vault", vault], environment: environment, folder: session.folder)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stdout.contains("No login chosen; nothing was typed."))
        usleep(200_000)
        #expect(try form.contents() == LoginForm.Contents(username: "", password: "", submitted: false, other: ""))
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
