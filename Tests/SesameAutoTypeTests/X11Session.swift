import Foundation
import Glibc

/// A private X server for one test: Xvfb on a free display number with openbox as window manager (it sets
/// `WM_STATE` and moves the focus as a desktop does), all in a temporary folder, stopped when released.
final class X11Session {
    static let xvfb = "/usr/bin/Xvfb"
    static let openbox = "/usr/bin/openbox"
    static let python = "/usr/bin/python3"
    static let setxkbmap = "/usr/bin/setxkbmap"
    static let xprop = "/usr/bin/xprop"

    /// Whether this machine has what the X11 tests need (scripts/packages.txt installs it all in CI).
    static var available: Bool {
        [xvfb, openbox, python, setxkbmap, xprop].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
            && tkinterImports
    }

    private static let tkinterImports: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", "import tkinter"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    let folder: String
    private(set) var display = ""
    private var processes: [Process] = []
    private var serverID: Int32?

    init() throws {
        folder = FileManager.default.temporaryDirectory.path + "/sesame-autotype-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Xvfb picks a free display itself and names it on -displayfd once it accepts clients: no two parallel
        // tests can take the same number, and nobody connects before the server is ready. A window opened before
        // openbox manages the screen is reframed, and loses the focus, when it starts doing so (on a loaded machine,
        // in the middle of typing): the session is ready once openbox says it manages the screen.
        var failures: [String] = []
        for _ in 0..<3 {
            do {
                try startServerAndWindowManager()
                return
            } catch {
                failures.append("\(error)")
                stopProcesses()
            }
        }
        throw X11SessionError(failures.joined(separator: "; "))
    }

    /// Starts Xvfb and openbox, and returns once openbox manages the display.
    private func startServerAndWindowManager() throws {
        let server = Process()
        let announced = Pipe()
        server.executableURL = URL(fileURLWithPath: Self.xvfb)
        server.arguments = ["-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "1024x768x24"]
        server.currentDirectoryURL = URL(fileURLWithPath: folder)
        server.standardOutput = announced
        server.standardError = FileHandle.nullDevice
        try server.run()
        processes.append(server)
        serverID = server.processIdentifier
        guard let number = announced.fileHandleForReading.readLine(seconds: 30).flatMap({ Int($0) }) else {
            throw X11SessionError("Xvfb did not start")
        }
        display = ":\(number)"
        let manager = try start(Self.openbox, ["--sm-disable"])
        let deadline = Date().addingTimeInterval(30)
        while !windowManagerIsRunning() {
            guard manager.isRunning, Date() < deadline else {
                let log = (try? String(contentsOfFile: folder + "/.cache/openbox/openbox.log", encoding: .utf8)) ?? ""
                throw X11SessionError("openbox did not start on \(display)" + (log.isEmpty ? "" : ": \(log)"))
            }
            usleep(50_000)
        }
    }

    /// Whether a window manager has announced itself on the root window (EWMH `_NET_SUPPORTING_WM_CHECK`).
    private func windowManagerIsRunning() -> Bool {
        let output = Pipe()
        guard let process = try? start(Self.xprop, ["-root", "_NET_SUPPORTING_WM_CHECK"], output: output.fileHandleForWriting) else {
            return false
        }
        process.waitUntilExit()
        try? output.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return process.terminationStatus == 0 && text.contains("window id #")
    }

    deinit {
        stopProcesses()
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func stopProcesses() {
        // SIGKILL: children of the test runner may inherit SIGTERM blocked, and a test must never wait on them.
        for process in processes.reversed() where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        processes.removeAll()
        // A killed Xvfb leaves its lock and socket behind; only ours (the lock holds its pid) are removed.
        if !display.isEmpty {
            let number = display.dropFirst()
            let lock = "/tmp/.X\(number)-lock"
            let owner = (try? String(contentsOfFile: lock, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            if let serverID, owner == String(serverID) {
                try? FileManager.default.removeItem(atPath: lock)
                try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
            }
            display = ""
        }
    }

    var environment: [String: String] {
        ["DISPLAY": display, "HOME": folder, "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"]
    }

    @discardableResult
    func start(_ executable: String, _ arguments: [String], output: FileHandle? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = try logFile(URL(fileURLWithPath: executable).lastPathComponent)
        try process.run()
        processes.append(process)
        return process
    }

    /// Standard error of a process, kept in the session's folder for a failing test's message.
    func logFile(_ name: String) throws -> FileHandle {
        let path = folder + "/\(name)-\(UUID().uuidString.prefix(8)).log"
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        return try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    }

    /// Switches the keyboard layout of the server, as a person does with their desktop's layout switcher.
    func setLayout(_ layout: String) throws {
        let process = try start(Self.setxkbmap, [layout])
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw X11SessionError("setxkbmap \(layout) failed") }
    }

    /// Presses and releases a key (by keysym name) as a person would, through XTest (Fixtures/xkeys.py).
    func tap(_ keysym: String) throws {
        let process = try start(Self.python, [Self.fixture("xkeys.py"), "tap", keysym])
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw X11SessionError("xkeys.py tap \(keysym) failed") }
    }

    /// Holds a key down for `milliseconds`, as fingers still on a hotkey do; returns once it is down.
    func hold(_ keysym: String, milliseconds: Int) throws {
        let pipe = Pipe()
        _ = try start(Self.python, [Self.fixture("xkeys.py"), "hold", keysym, String(milliseconds)], output: pipe.fileHandleForWriting)
        guard pipe.fileHandleForReading.readLine() == "down" else { throw X11SessionError("xkeys.py could not hold \(keysym)") }
    }

    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/" + name).path
    }

    /// Opens the test login form and waits until it has the focus.
    func openLoginForm(title: String = "Example Login - example.com", windowClass: String = "SesameTestLogin",
                       stealFocus: Bool = false) throws -> LoginForm {
        let report = folder + "/form-\(UUID().uuidString).json"
        let pipe = Pipe()
        let script = Self.fixture("login_form.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = [script, report] + (stealFocus ? ["--steal-focus"] : [])
        process.environment = environment.merging(["FORM_TITLE": title, "FORM_CLASS": windowClass]) { $1 }
        process.standardOutput = pipe
        process.standardError = try logFile("login_form")
        try process.run()
        processes.append(process)
        let line = pipe.fileHandleForReading.readLine()
        guard line == "ready" else { throw X11SessionError("the login form did not start (logs in \(folder))") }
        return LoginForm(report: report)
    }
}

struct X11SessionError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// What the form received, as it reported it.
struct LoginForm {
    let report: String

    struct Contents: Decodable, Equatable {
        var username: String
        var password: String
        var submitted: Bool
        var other: String
    }

    func contents() throws -> Contents {
        try JSONDecoder().decode(Contents.self, from: Data(contentsOf: URL(fileURLWithPath: report)))
    }

    /// Waits until the form was submitted (Return in the password field), or returns what it holds after `seconds`.
    func waitForSubmission(seconds: Double = 10) throws -> Contents {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let contents = try? contents(), contents.submitted { return contents }
            usleep(50_000)
        }
        return try contents()
    }
}

extension FileHandle {
    /// One line, read a byte at a time so nothing after it is consumed; nil at end of input or after `seconds`
    /// without one (a hang guard: a test must fail, not wait for ever).
    func readLine(seconds: Double = 30) -> String? {
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) >= 0 else { return nil }
            guard descriptor.revents != 0 else { continue }
            var byte: UInt8 = 0
            let count = Glibc.read(fileDescriptor, &byte, 1)
            guard count == 1 else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == 0x0a { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return nil
    }
}
