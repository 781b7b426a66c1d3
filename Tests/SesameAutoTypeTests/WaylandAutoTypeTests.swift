import Foundation
import Testing

/// `sesame autotype` on a wlroots Wayland compositor, end to end: headless sway, a foot terminal that records what
/// it receives, and the real wtype, with no `$DISPLAY`.
@Suite(.enabled(if: WaylandSession.available, "needs sway, foot and wtype (scripts/packages.txt)"))
struct WaylandAutoTypeTests {
    static let master = "master-pw"

    let session: WaylandSession
    let vault: String

    init() throws {
        session = try WaylandSession()
        vault = session.folder + "/vault.sqlite"
        try #require(try sesame(["init", "--allow-weak-password", "--kdf-memory", "19", "--kdf-passes", "2"], input: Self.master).status == 0)
    }

    /// The C locale, as a hotkey daemon may run it: wtype must still get every character.
    @discardableResult
    func sesame(_ arguments: [String], input: String) throws -> SesameRun {
        try SesameRun(arguments + ["--password-stdin", "--vault", vault], input: input,
                      environment: session.environment.merging(["SESAME_NO_AGENT": "1", "NO_COLOR": "1"]) { $1 },
                      folder: session.folder)
    }

    @Test func typesTheNamedLoginThroughWtype() throws {
        let added = try sesame(["add", "Example", "--username", "alice", "--url", "https://example.com"],
                               input: "\(Self.master)\nGrüße€ ~`^ {x}\n")
        try #require(added.status == 0, "\(added.stderr)")
        try session.openRecorder()
        // Enter between the fields: the terminal reads lines (a Tab would stay inside the first).
        let typed = try sesame(["autotype", "--site", "example.com", "--sequence", "{USERNAME}{ENTER}{PASSWORD}{ENTER}"],
                               input: Self.master + "\n")
        #expect(typed.status == 0, "\(typed.stderr)")
        #expect(typed.stdout == "Typed 'Example' through wtype into the focused window.\n")
        #expect(session.typedLines() == ["alice", "Grüße€ ~`^ {x}"])
    }

    @Test func withoutANamedLoginItTypesNothingAndSaysWhy() throws {
        try session.openRecorder()
        let refused = try sesame(["autotype"], input: Self.master + "\n")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("On Wayland the focused window cannot be identified: name the login with --item or --site. Nothing was typed."))
        #expect(session.typedLines(seconds: 0.3) == nil)
    }
}
