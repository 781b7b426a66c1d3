import Foundation
import Glibc

/// A private X server for one test: Xvfb on a free display number with openbox as window manager (it sets
/// `WM_STATE` and moves the focus as a desktop does), all in a temporary folder, stopped when released.
final class X11Session {
    static let xvfb = "/usr/bin/Xvfb"
    static let openbox = "/usr/bin/openbox"
    static let python = "/usr/bin/python3"
    static let setxkbmap = "/usr/bin/setxkbmap"

    /// Whether this machine has what the X11 tests need (scripts/packages.txt installs it all in CI).
    static var available: Bool {
        [xvfb, openbox, python, setxkbmap].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
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
    let display: String
    private var processes: [Process] = []

    init() throws {
        folder = FileManager.default.temporaryDirectory.path + "/sesame-autotype-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var started: (Process, String)?
        // Display numbers from a random start, so parallel test runs rarely meet; Xvfb refuses a taken one.
        var number = Int.random(in: 200...900)
        for _ in 0..<20 where started == nil {
            number += 1
            if FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") { continue }
            let server = Process()
            server.executableURL = URL(fileURLWithPath: Self.xvfb)
            server.arguments = [":\(number)", "-nolisten", "tcp", "-screen", "0", "1024x768x24"]
            server.currentDirectoryURL = URL(fileURLWithPath: folder)
            server.standardOutput = FileHandle.nullDevice
            server.standardError = FileHandle.nullDevice
            try server.run()
            let socket = "/tmp/.X11-unix/X\(number)"
            let deadline = Date().addingTimeInterval(10)
            while server.isRunning, !FileManager.default.fileExists(atPath: socket), Date() < deadline {
                usleep(20_000)
            }
            if server.isRunning, FileManager.default.fileExists(atPath: socket) {
                started = (server, ":\(number)")
            } else if server.isRunning {
                kill(server.processIdentifier, SIGKILL)
                server.waitUntilExit()
            }
        }
        guard let (server, display) = started else { throw X11SessionError("no free display for Xvfb") }
        self.display = display
        processes.append(server)
        let manager = try start(Self.openbox, ["--sm-disable"])
        // openbox owns the WM_S0 selection once it manages the screen; `--replace` would be needed otherwise.
        usleep(300_000)
        guard manager.isRunning else { throw X11SessionError("openbox did not start") }
    }

    deinit {
        // SIGKILL: children of the test runner may inherit SIGTERM blocked, and a test must never wait on them.
        for process in processes.reversed() where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        // A killed Xvfb leaves its lock and socket behind.
        let number = display.dropFirst()
        try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
        try? FileManager.default.removeItem(atPath: folder)
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
