import Foundation
import Glibc
import SesameClipboard
import Testing

/// Runs a desktop program with a deadline (a clipboard owner that does not answer must fail the test, not hang it).
func runDesktopTool(_ executable: String, _ arguments: [String], environment: [String: String], input: String? = nil,
                    seconds: Double = 10) throws -> (status: Int32, stdout: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    let output = Pipe(), errors = Pipe(), stdin = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = input == nil ? FileHandle.nullDevice : stdin
    try process.run()
    if let input {
        try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try stdin.fileHandleForWriting.close()
    }
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
}

/// Starts a program that forks a child to serve the clipboard (xclip -i, wl-copy), as a person's would be: through
/// python, which closes every descriptor of this test process first and exits at once. Foundation tells a child's
/// end by a socket the child inherits; a forked server would keep it, and the test would wait on it.
func startDetached(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = ["-c", """
        import os, sys
        if os.fork():
            sys.exit(0)
        os.setsid()
        null = os.open("/dev/null", os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        os.closerange(3, 65536)
        os.execv(sys.argv[1], sys.argv[1:])
        """, executable] + arguments
    process.environment = environment
    try process.run()
    process.waitUntilExit()
    usleep(500_000)  // time to take the clipboard
}

/// Every running `sesame-clipboard` of this user: its pid, arguments and environment as /proc shows them to others.
func clipboardHelpers() -> [(pid: String, cmdline: String, environ: String)] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.filter { $0.allSatisfy(\.isNumber) }.compactMap { pid in
        guard let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe"),
              exe.hasSuffix("/sesame-clipboard") else { return nil }
        let cmdline = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
        // Non-dumpable: even its owner cannot read its environment.
        let environ = (try? String(contentsOfFile: "/proc/\(pid)/environ", encoding: .utf8)) ?? ""
        return (pid, cmdline, environ)
    }
}

/// Issue 26, point 1: `sesame copy` on X11 (a private Xvfb), checked with xclip as another program pastes.
@Suite(.enabled(if: X11Session.available && FileManager.default.isExecutableFile(atPath: "/usr/bin/xclip"),
                "needs xvfb, openbox and xclip (scripts/packages.txt)"))
struct X11ClipboardTests {
    static let master = "master-pw"
    static let secret = "Grüße s3cr3t!"
    let session: X11Session
    let vault: String

    init() throws {
        session = try X11Session()
        vault = session.folder + "/vault.sqlite"
        try #require(try sesame(["init", "--allow-weak-password", "--kdf-memory", "19", "--kdf-passes", "2"]).status == 0)
        let added = try sesame(["add", "GitHub", "-u", "alice", "--otp"], input: "\(Self.master)\n\(Self.secret)\nJBSWY3DPEHPK3PXP\n")
        try #require(added.status == 0, "\(added.stderr)")
    }

    @discardableResult
    func sesame(_ arguments: [String], input: String = master + "\n") throws -> SesameRun {
        try SesameRun(arguments + ["--password-stdin", "--vault", vault], input: input,
                      environment: session.environment.merging(["SESAME_NO_AGENT": "1", "NO_COLOR": "1"]) { $1 },
                      folder: session.folder)
    }

    func paste(_ type: String = "UTF8_STRING") throws -> String? {
        let result = try runDesktopTool("/usr/bin/xclip", ["-o", "-selection", "clipboard", "-t", type], environment: session.environment)
        return result.status == 0 ? result.stdout : nil
    }

    @Test func copiesMarkedForClipboardManagersThenClears() throws {
        let copied = try sesame(["copy", "GitHub", "--clear-after", "3"])
        #expect(copied.status == 0, "\(copied.stderr)")
        #expect(copied.stdout == "Copied the password of 'GitHub'; the clipboard is cleared in 3 s unless something else is copied first.\n")
        #expect(try paste() == Self.secret)
        #expect(try paste("text/plain;charset=utf-8") == Self.secret)
        let targets = try #require(try paste("TARGETS")).split(separator: "\n").map(String.init)
        #expect(targets.contains("x-kde-passwordManagerHint") && targets.contains("UTF8_STRING") && targets.contains("STRING"))
        #expect(try paste("x-kde-passwordManagerHint") == "secret")
        // The secret went down a pipe: no process shows it in its arguments or environment.
        let helpers = clipboardHelpers()
        #expect(!helpers.isEmpty)
        for helper in helpers {
            #expect(!helper.cmdline.contains("s3cr3t") && !helper.environ.contains("s3cr3t"))
        }
        usleep(3_600_000)
        #expect(try paste() == nil, "cleared after --clear-after")
    }

    @Test func somethingCopiedMeanwhileIsLeftAlone() throws {
        #expect(try sesame(["copy", "GitHub", "username", "--clear-after", "2"]).status == 0)
        #expect(try paste() == "alice")
        let text = session.folder + "/copied.txt"
        try "copied by a person".write(toFile: text, atomically: true, encoding: .utf8)
        try startDetached("/usr/bin/xclip", ["-selection", "clipboard", "-i", text], environment: session.environment)
        usleep(2_500_000)
        #expect(try paste() == "copied by a person")
    }

    @Test func theCurrentOneTimeCodeIsCopied() throws {
        let before = try #require(try JSONSerialization.jsonObject(with: Data(sesame(["totp", "GitHub", "--json"]).stdout.utf8)) as? [String: Any])
        let copied = try sesame(["totp", "GitHub", "--clip", "--clear-after", "5"])
        #expect(copied.status == 0, "\(copied.stderr)")
        #expect(copied.stdout.hasPrefix("Copied the one-time code ("))
        let after = try #require(try JSONSerialization.jsonObject(with: Data(sesame(["totp", "GitHub", "--json"]).stdout.utf8)) as? [String: Any])
        let pasted = try paste()
        #expect([before["code"] as? String, after["code"] as? String].contains(pasted), "\(String(describing: pasted))")
        #expect(try sesame(["copy", "GitHub", "otp", "--clear-after", "5"]).status == 0)
        #expect(try paste()?.count == 6)
    }
}

/// Issue 26, point 1 on Wayland: headless sway, which offers wlroots' data-control protocol; wl-paste checks.
@Suite(.enabled(if: WaylandSession.available && FileManager.default.isExecutableFile(atPath: "/usr/bin/wl-paste"),
                "needs sway and wl-clipboard (scripts/packages.txt)"))
struct WaylandClipboardTests {
    static let master = "master-pw"
    static let secret = "Grüße s3cr3t!"
    let session: WaylandSession
    let vault: String

    init() throws {
        session = try WaylandSession()
        vault = session.folder + "/vault.sqlite"
        try #require(try sesame(["init", "--allow-weak-password", "--kdf-memory", "19", "--kdf-passes", "2"]).status == 0)
        try #require(try sesame(["add", "GitHub", "-u", "alice"], input: "\(Self.master)\n\(Self.secret)\n").status == 0)
    }

    @discardableResult
    func sesame(_ arguments: [String], input: String = master + "\n") throws -> SesameRun {
        try SesameRun(arguments + ["--password-stdin", "--vault", vault], input: input,
                      environment: session.environment.merging(["SESAME_NO_AGENT": "1", "NO_COLOR": "1"]) { $1 },
                      folder: session.folder)
    }

    func paste(_ arguments: [String] = ["-n"]) throws -> String? {
        let result = try runDesktopTool("/usr/bin/wl-paste", arguments, environment: session.environment)
        return result.status == 0 ? result.stdout : nil
    }

    @Test func copiesWithTheHintThroughDataControlThenClears() throws {
        let copied = try sesame(["copy", "GitHub", "--clear-after", "3", "--json"])
        #expect(copied.status == 0, "\(copied.stderr)")
        #expect((try JSONSerialization.jsonObject(with: Data(copied.stdout.utf8)) as? [String: Any])?["via"] as? String == "wayland")
        #expect(try paste() == Self.secret)
        let types = try #require(try paste(["--list-types"])).split(separator: "\n").map(String.init)
        #expect(types.contains("x-kde-passwordManagerHint") && types.contains("text/plain;charset=utf-8"))
        #expect(try paste(["-n", "-t", "x-kde-passwordManagerHint"]) == "secret")
        usleep(3_600_000)
        #expect(try paste() == nil, "cleared after --clear-after")
    }

    @Test func somethingCopiedMeanwhileIsLeftAlone() throws {
        #expect(try sesame(["copy", "GitHub", "--clear-after", "2"]).status == 0)
        try startDetached("/usr/bin/wl-copy", ["copied by a person"], environment: session.environment)
        usleep(2_500_000)
        #expect(try paste() == "copied by a person")
    }
}

/// The Wayland wire format as sesame-clipboard reads it from the compositor (outside input).
@Suite struct WaylandMessageTests {
    @Test func messagesEncodeAndReadBackInAnyPieces() throws {
        var arguments = WaylandArguments()
        arguments.add(7)
        arguments.add("text/plain")
        let message = WaylandMessage(object: 6, opcode: 0, arguments: arguments.bytes)
        #expect(message.encoded.count == 8 + 4 + 4 + 12, "the string padded to 4 bytes with its NUL")
        let bytes = message.encoded + WaylandMessage(object: 6, opcode: 1).encoded
        var reader = WaylandMessageReader()
        var read: [WaylandMessage] = []
        for byte in bytes {
            try reader.append([byte])
            while let next = try reader.next() { read.append(next) }
        }
        #expect(read == [message, WaylandMessage(object: 6, opcode: 1)])
        var decoder = WaylandArgumentReader(read[0])
        #expect(try decoder.uint() == 7)
        #expect(try decoder.string() == "text/plain")
        #expect(throws: WaylandProtocolError.self) { try decoder.uint() }
    }

    @Test func malformedMessagesAreRefused() throws {
        var tooSmall = WaylandMessageReader()
        try tooSmall.append([1, 0, 0, 0, 0, 0, 4, 0])  // size 4: less than its own header
        #expect(throws: WaylandProtocolError.self) { try tooSmall.next() }
        var tooLarge = WaylandMessageReader()
        try tooLarge.append([1, 0, 0, 0, 0, 0, 0x10, 0x20])  // 8208 bytes
        #expect(throws: WaylandProtocolError.self) { try tooLarge.next() }
        // A string whose length runs past the message, and one without its NUL.
        var long = WaylandArgumentReader(WaylandMessage(object: 1, opcode: 0, arguments: [40, 0, 0, 0, 65, 0, 0, 0]))
        #expect(throws: WaylandProtocolError.self) { try long.string() }
        var unterminated = WaylandArgumentReader(WaylandMessage(object: 1, opcode: 0, arguments: [2, 0, 0, 0, 65, 66, 0, 0]))
        #expect(throws: WaylandProtocolError.self) { try unterminated.string() }
    }

    @Test func theHintIsOfferedBesideTheText() {
        #expect(ClipboardOffer.payload(for: "x-kde-passwordManagerHint") == .hint)
        #expect(ClipboardOffer.payload(for: "UTF8_STRING") == .secret)
        #expect(ClipboardOffer.payload(for: "image/png") == nil)
        let secret = ClipboardSecret(Array("pw".utf8))
        #expect(secret.withBytes(of: .hint) { Array($0) } == Array("secret".utf8))
        #expect(secret.withBytes(of: .secret) { Array($0) } == Array("pw".utf8))
    }
}
