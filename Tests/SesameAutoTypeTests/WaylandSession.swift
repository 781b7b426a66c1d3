import Foundation
import Glibc

/// A private wlroots compositor for one test: headless sway (no GPU, no input devices) in a temporary folder that
/// is its `XDG_RUNTIME_DIR`, with a foot terminal that reads two lines and writes them to a file: a Wayland
/// client that records what is typed into it. sway refuses to run as root, so under root (CI) the compositor and
/// foot run as `nobody` through setpriv; root's wtype reaches their socket all the same.
final class WaylandSession {
    static let sway = "/usr/bin/sway"
    static let swaymsg = "/usr/bin/swaymsg"
    static let foot = "/usr/bin/foot"
    static let wtype = "/usr/bin/wtype"
    static let setpriv = "/usr/bin/setpriv"
    static let nobody: uid_t = 65534

    /// Whether this machine has what the Wayland test needs (sway, foot and wtype in scripts/packages.txt).
    static var available: Bool {
        [sway, swaymsg, foot, wtype].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
            && (geteuid() != 0 || FileManager.default.isExecutableFile(atPath: setpriv))
    }

    let folder: String
    let report: String
    /// The compositor's socket, in `folder`; empty until it listens.
    private(set) var socket = ""
    private var processes: [Process] = []

    init() throws {
        folder = FileManager.default.temporaryDirectory.path + "/sesame-wayland-" + UUID().uuidString
        report = folder + "/typed.txt"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        if geteuid() == 0 { chown(folder, Self.nobody, gid_t(Self.nobody)) }
        // No bar, no wallpaper: only the one output the headless backend makes.
        let config = folder + "/sway.config"
        try Data("output HEADLESS-1 resolution 800x600\n".utf8).write(to: URL(fileURLWithPath: config))
        try start(Self.sway, ["-c", config], environment: [
            "WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1",
        ])
        var found: String?
        let deadline = Date().addingTimeInterval(10)
        while found == nil, Date() < deadline {
            found = (try? FileManager.default.contentsOfDirectory(atPath: folder))?
                .first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }
            if found == nil { usleep(20_000) }
        }
        guard let found else { throw X11SessionError("sway did not start (log in \(folder))") }
        socket = found
    }

    deinit {
        for process in processes.reversed() where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// What a client of this compositor needs; no `DISPLAY`, and the C locale unless a test sets another.
    var environment: [String: String] {
        var environment = ["HOME": folder, "XDG_RUNTIME_DIR": folder, "PATH": "/usr/bin:/bin"]
        if !socket.isEmpty { environment["WAYLAND_DISPLAY"] = socket }
        return environment
    }

    /// Opens the recording terminal and waits until the compositor gives it the keyboard focus.
    func openRecorder() throws {
        // `read -r` with an empty IFS keeps every character, spaces and backslashes included.
        let script = #"IFS= read -r first; IFS= read -r second; printf '%s\n%s\n' "$first" "$second" > "$0.tmp"; mv "$0.tmp" "$0""#
        try start(Self.foot, ["sh", "-c", script, report], environment: ["LANG": "C.UTF-8"])
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if try focusedApplication() == "foot" { return }
            usleep(50_000)
        }
        throw X11SessionError("foot did not get the focus (logs in \(folder))")
    }

    /// The two lines the terminal received, once it has them (nil after `seconds`).
    func typedLines(seconds: Double = 10) -> [String]? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: report, encoding: .utf8) {
                return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            }
            usleep(50_000)
        }
        return nil
    }

    /// The `app_id` of the focused window, from sway's tree.
    private func focusedApplication() throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.swaymsg)
        process.arguments = ["-t", "get_tree"]
        let sockets = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { $0.hasPrefix("sway-ipc.") }
        guard let ipc = sockets?.first else { return nil }
        process.environment = environment.merging(["SWAYSOCK": folder + "/" + ipc]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        func focused(in node: Any) -> String? {
            guard let node = node as? [String: Any] else { return nil }
            if node["focused"] as? Bool == true, let application = node["app_id"] as? String { return application }
            for key in ["nodes", "floating_nodes"] {
                for child in node[key] as? [Any] ?? [] {
                    if let found = focused(in: child) { return found }
                }
            }
            return nil
        }
        return (try? JSONSerialization.jsonObject(with: data)).flatMap(focused(in:))
    }

    private func start(_ executable: String, _ arguments: [String], environment extra: [String: String]) throws {
        let process = Process()
        if geteuid() == 0 {
            process.executableURL = URL(fileURLWithPath: Self.setpriv)
            process.arguments = ["--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", "--clear-groups", executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        process.environment = environment.merging(extra) { $1 }
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let name = URL(fileURLWithPath: executable).lastPathComponent
        let log = folder + "/\(name).log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        if geteuid() == 0 { chown(log, Self.nobody, gid_t(Self.nobody)) }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        try process.run()
        processes.append(process)
    }
}
