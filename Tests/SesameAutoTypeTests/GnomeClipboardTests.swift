import Foundation
import Glibc
import Testing

/// Issue 26, point 1 on GNOME: Mutter has no data-control protocol, so `sesame copy` takes the clipboard through
/// XWayland where GNOME runs it, else through wl-copy. Checked with Mutter itself, headless, and pasted as a
/// native Wayland program (wl-paste) and an X program (xclip) would.
@Suite(.enabled(if: GnomeSession.available && FileManager.default.isExecutableFile(atPath: "/usr/bin/wl-paste")
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/xclip"),
                "needs mutter, xwayland, wl-clipboard and xclip (scripts/packages.txt)"))
struct GnomeClipboardTests {
    static let master = "master-pw"
    static let secret = "Grüße s3cr3t!"
    let session: GnomeSession
    let vault: String

    init() throws {
        session = try GnomeSession()
        vault = session.folder + "/vault.sqlite"
        try #require(try sesame(["init", "--allow-weak-password", "--kdf-memory", "19", "--kdf-passes", "2"],
                                environment: session.environment).status == 0)
        try #require(try sesame(["add", "GitHub", "-u", "alice"], input: "\(Self.master)\n\(Self.secret)\n",
                                environment: session.environment).status == 0)
    }

    @discardableResult
    func sesame(_ arguments: [String], input: String = master + "\n", environment: [String: String]) throws -> SesameRun {
        try SesameRun(arguments + ["--password-stdin", "--vault", vault], input: input,
                      environment: environment.merging(["SESAME_NO_AGENT": "1", "NO_COLOR": "1"]) { $1 },
                      folder: session.folder)
    }

    /// What a native Wayland program pastes.
    func waylandPaste(_ arguments: [String] = ["-n"]) throws -> String? {
        let result = try runDesktopTool("/usr/bin/wl-paste", arguments, environment: session.waylandEnvironment)
        return result.status == 0 ? result.stdout : nil
    }

    func x11Paste(_ type: String = "UTF8_STRING") throws -> String? {
        let result = try runDesktopTool("/usr/bin/xclip", ["-o", "-selection", "clipboard", "-t", type], environment: session.environment)
        return result.status == 0 ? result.stdout : nil
    }

    func via(_ run: SesameRun) -> String? {
        (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])?["via"] as? String
    }

    @Test func throughXWaylandWhereGnomeRunsIt() throws {
        let copied = try sesame(["copy", "GitHub", "--clear-after", "4", "--json"], environment: session.environment)
        #expect(copied.status == 0, "\(copied.stderr)")
        #expect(via(copied) == "x11", "\(copied.stdout)")
        #expect(try x11Paste() == Self.secret)
        #expect(try x11Paste("x-kde-passwordManagerHint") == "secret")
        #expect(try waylandPaste() == Self.secret, "Mutter hands XWayland's clipboard to Wayland programs")
        usleep(4_600_000)
        #expect(try x11Paste() == nil, "cleared after --clear-after")
        #expect(try waylandPaste() != Self.secret)
    }

    @Test func throughWlCopyWithoutXWayland() throws {
        let copied = try sesame(["copy", "GitHub", "--clear-after", "4", "--json"], environment: session.waylandEnvironment)
        #expect(copied.status == 0, "\(copied.stderr)")
        #expect(via(copied) == "wl-copy", "\(copied.stdout)")
        #expect(try waylandPaste() == Self.secret)
        usleep(4_600_000)
        #expect(try waylandPaste() != Self.secret, "cleared after --clear-after")
    }

    @Test func somethingCopiedMeanwhileIsLeftAlone() throws {
        #expect(try sesame(["copy", "GitHub", "--clear-after", "3"], environment: session.waylandEnvironment).status == 0)
        try startDetached("/usr/bin/wl-copy", ["copied by a person"], environment: session.waylandEnvironment)
        usleep(3_500_000)
        #expect(try waylandPaste() == "copied by a person")
    }
}
