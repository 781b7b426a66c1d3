import CSDBus
import Foundation
import Glibc

/// GNOME's compositor for one test: Mutter 43, headless (a virtual monitor, no GPU), on a private session bus in a
/// temporary folder that is its `XDG_RUNTIME_DIR`, with XWayland. Mutter offers no data-control protocol, which
/// is what sends `sesame-clipboard` to XWayland or wl-copy. Its seat has a keyboard only once a remote-desktop
/// session has typed on it (what GNOME's screen sharing does); `wl-copy` and `wl-paste` need one, since without
/// data-control they reach the clipboard through a focused surface.
final class GnomeSession {
    static let mutter = "/usr/bin/mutter"
    static let xwayland = "/usr/bin/Xwayland"
    static let dbusDaemon = "/usr/bin/dbus-daemon"

    /// Whether this machine has what the GNOME tests need (mutter and xwayland in scripts/packages.txt).
    static var available: Bool {
        [mutter, xwayland, dbusDaemon].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    let folder: String
    let socket = "wayland-sesame"
    /// XWayland's display (":N") and its cookie file, as Mutter gives them to the programs it starts.
    private(set) var display = ""
    private(set) var xauthority = ""
    private var processes: [Process] = []
    private var bus: OpaquePointer?

    init() throws {
        folder = FileManager.default.temporaryDirectory.path + "/sesame-gnome-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let busAddress = "unix:path=\(folder)/bus"
        try start(Self.dbusDaemon, ["--session", "--nofork", "--address=\(busAddress)"], log: "dbus")
        try wait("the session bus") { FileManager.default.fileExists(atPath: self.folder + "/bus") }
        try start(Self.mutter, ["--headless", "--wayland", "--virtual-monitor", "800x600", "--wayland-display=\(socket)"],
                  log: "mutter", extra: ["DBUS_SESSION_BUS_ADDRESS": busAddress])
        try wait("mutter's Wayland socket and X display") {
            let log = (try? String(contentsOfFile: self.folder + "/mutter.log", encoding: .utf8)) ?? ""
            guard let range = log.range(of: "Using public X11 display ") else { return false }
            self.display = String(log[range.upperBound...].prefix { $0 == ":" || $0.isNumber })
            let files = (try? FileManager.default.contentsOfDirectory(atPath: self.folder)) ?? []
            self.xauthority = files.first { $0.hasPrefix(".mutter-Xwaylandauth.") }.map { self.folder + "/" + $0 } ?? ""
            return !self.xauthority.isEmpty && files.contains(self.socket)
        }
        try giveTheSeatAKeyboard(busAddress: busAddress)
    }

    deinit {
        if let bus { sd_bus_flush_close_unref(bus) }
        for process in processes.reversed() where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A Wayland client's environment: no `DISPLAY` (a session without XWayland's clients), the C locale.
    var waylandEnvironment: [String: String] {
        ["HOME": folder, "XDG_RUNTIME_DIR": folder, "PATH": "/usr/bin:/bin", "WAYLAND_DISPLAY": socket]
    }

    /// What GNOME gives a program it starts: Wayland and XWayland both.
    var environment: [String: String] {
        waylandEnvironment.merging(["DISPLAY": display, "XAUTHORITY": xauthority]) { $1 }
    }

    /// Starts a remote-desktop session on Mutter and presses and releases a key: Mutter adds a virtual keyboard to
    /// its seat. The session lives as long as this bus connection.
    private func giveTheSeatAKeyboard(busAddress: String) throws {
        var bus: OpaquePointer?
        guard sd_bus_new(&bus) >= 0, let bus else { throw X11SessionError("sd_bus_new failed") }
        self.bus = bus
        guard sd_bus_set_address(bus, busAddress) >= 0, sd_bus_set_bus_client(bus, 1) >= 0, sd_bus_start(bus) >= 0 else {
            throw X11SessionError("cannot reach the private session bus")
        }
        var path = "", lastError = ""
        do {
            try wait("Mutter's remote desktop interface") {
                do {
                    try self.call(bus, "/org/gnome/Mutter/RemoteDesktop", "org.gnome.Mutter.RemoteDesktop", "CreateSession", reply: { reply in
                        var value: UnsafePointer<CChar>?
                        guard sd_bus_message_read_basic(reply, CChar(UInt8(ascii: "o")), &value) >= 0, let value else { return }
                        path = String(cString: value)
                    })
                } catch {
                    lastError = "\(error)"
                }
                return !path.isEmpty
            }
        } catch {
            throw X11SessionError("\(error): \(lastError)")
        }
        let session = "org.gnome.Mutter.RemoteDesktop.Session"
        try call(bus, path, session, "Start")
        for pressed in [true, false] {
            try call(bus, path, session, "NotifyKeyboardKeycode", arguments: { message in
                var keycode: UInt32 = 42  // left Shift: types nothing
                var state: Int32 = pressed ? 1 : 0
                _ = sd_bus_message_append_basic(message, CChar(UInt8(ascii: "u")), &keycode)
                _ = sd_bus_message_append_basic(message, CChar(UInt8(ascii: "b")), &state)
            })
        }
    }

    private func call(_ bus: OpaquePointer, _ path: String, _ interface: String, _ member: String,
                      arguments: (OpaquePointer?) -> Void = { _ in }, reply read: (OpaquePointer?) -> Void = { _ in }) throws {
        var message: OpaquePointer?
        guard sd_bus_message_new_method_call(bus, &message, "org.gnome.Mutter.RemoteDesktop", path, interface, member) >= 0
        else { throw X11SessionError("cannot build \(member)") }
        defer { sd_bus_message_unref(message) }
        arguments(message)
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        guard sd_bus_call(bus, message, 5_000_000, &error, &reply) >= 0 else {
            throw X11SessionError("\(member): " + (error.message.map { String(cString: $0) } ?? "failed"))
        }
        defer { sd_bus_message_unref(reply) }
        read(reply)
    }

    private func wait(_ what: String, seconds: Double = 15, until ready: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !ready() {
            guard Date() < deadline else { throw X11SessionError("\(what) did not come up (logs in \(folder))") }
            usleep(50_000)
        }
    }

    private func start(_ executable: String, _ arguments: [String], log name: String, extra: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ["HOME": folder, "XDG_RUNTIME_DIR": folder, "PATH": "/usr/bin:/bin"].merging(extra) { $1 }
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let log = folder + "/\(name).log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardError = process.standardOutput
        try process.run()
        processes.append(process)
    }
}
