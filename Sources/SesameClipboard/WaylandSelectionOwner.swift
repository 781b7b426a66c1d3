import Glibc

/// Holds the Wayland clipboard for a while, as `wl-copy` does but with every type of ``ClipboardOffer`` (the
/// password-manager hint among them), through the data-control protocol (`ext_data_control_manager_v1`, or wlroots'
/// `zwlr_data_control_manager_v1` that sway, Hyprland and KDE offer): a client needs no window or keyboard focus
/// to set the selection with it. Speaks the wire protocol itself over the compositor's socket (no libwayland).
///
/// The bytes from the compositor are outside input: every message is checked for size and shape before use
/// (``WaylandMessageReader``, fuzzed by `FuzzWaylandMessage`).
public final class WaylandSelectionOwner {
    public enum Outcome: Equatable, Sendable {
        /// Another client set the selection: it is left alone.
        case replaced
        /// The time ran out while the selection was still this one: it was cleared.
        case cleared
        /// The compositor ended the data device (the seat went away).
        case finished
    }

    /// The data-control globals this owner can use, newest first; both have the same requests and events.
    static let managers = ["ext_data_control_manager_v1", "zwlr_data_control_manager_v1"]

    /// The display is object 1; the compositor accepts a new client object only under the next unused id
    /// (libwayland's object map grows by one), so every other id is handed out in the order of creation.
    private static let display: UInt32 = 1
    private var nextID: UInt32 = 2
    private var registry: UInt32 = 0, seat: UInt32 = 0, manager: UInt32 = 0, source: UInt32 = 0, device: UInt32 = 0

    /// Descriptors held for paste requests not read yet. A compositor sends one pipe per paste and the helper
    /// answers each as it reads it, so a few suffice; more is a compositor flooding the helper, which ends it.
    public static let maximumHeldDescriptors = 64

    private let fd: Int32
    private var reader = WaylandMessageReader()
    private var receivedDescriptors: [Int32] = []
    private var refusedDescriptors = false
    private var globals: [(name: UInt32, interface: String, version: UInt32)] = []
    private var pendingCallbacks: Set<UInt32> = []
    private var outcome: Outcome?
    private var secret: ClipboardSecret?

    /// Connects to the compositor named by `WAYLAND_DISPLAY` (a name in `XDG_RUNTIME_DIR`, or an absolute path).
    public init(environment: [String: String]) throws(WaylandProtocolError) {
        let display = environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 } ?? "wayland-0"
        let path: String
        if display.hasPrefix("/") {
            path = display
        } else {
            guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else {
                throw WaylandProtocolError("XDG_RUNTIME_DIR is not set, so the Wayland socket cannot be found.")
            }
            path = runtime + "/" + display
        }
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw WaylandProtocolError("Cannot make a socket: \(String(cString: strerror(errno))).") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            throw WaylandProtocolError("The Wayland socket's path is too long.")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: bytes) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw WaylandProtocolError("Cannot reach the Wayland compositor at \(path): \(reason).")
        }
    }

    deinit {
        for descriptor in receivedDescriptors { close(descriptor) }
        close(fd)
    }

    /// Sets the selection to `secret` with every type of ``ClipboardOffer``; false when the compositor offers no
    /// data-control protocol (GNOME's Mutter), so the caller can try another way.
    public func claim(_ secret: ClipboardSecret, timeoutMilliseconds: Int32 = 5_000) throws(WaylandProtocolError) -> Bool {
        self.secret = secret
        registry = newID()
        var arguments = WaylandArguments()
        arguments.add(registry)
        try send(WaylandMessage(object: Self.display, opcode: 1, arguments: arguments.bytes))  // get_registry
        try roundTrip(timeoutMilliseconds: timeoutMilliseconds)
        guard let seatGlobal = globals.first(where: { $0.interface == "wl_seat" }),
              let managerGlobal = Self.managers.lazy.compactMap({ name in self.globals.first { $0.interface == name } }).first
        else { return false }
        seat = newID()
        try bind(seatGlobal.name, interface: seatGlobal.interface, version: 1, id: seat)
        manager = newID()
        try bind(managerGlobal.name, interface: managerGlobal.interface, version: 1, id: manager)
        source = newID()
        var create = WaylandArguments()
        create.add(source)
        try send(WaylandMessage(object: manager, opcode: 0, arguments: create.bytes))  // create_data_source
        for type in ClipboardOffer.types {
            var offer = WaylandArguments()
            offer.add(type)
            try send(WaylandMessage(object: source, opcode: 0, arguments: offer.bytes))  // offer
        }
        device = newID()
        var getDevice = WaylandArguments()
        getDevice.add(device)
        getDevice.add(seat)
        try send(WaylandMessage(object: manager, opcode: 1, arguments: getDevice.bytes))  // get_data_device
        try setSelection(source)
        // A refusal (a protocol error) arrives before the round trip ends.
        try roundTrip(timeoutMilliseconds: timeoutMilliseconds)
        return outcome == nil
    }

    /// Serves paste requests until another client takes the selection or `seconds` pass; then clears it if it is
    /// still this one.
    public func serve(seconds: Int) throws(WaylandProtocolError) -> Outcome {
        var clock = timespec()
        clock_gettime(CLOCK_MONOTONIC, &clock)
        let deadline = Int64(clock.tv_sec) * 1000 + Int64(clock.tv_nsec) / 1_000_000 + Int64(seconds) * 1000
        while outcome == nil {
            clock_gettime(CLOCK_MONOTONIC, &clock)
            let left = deadline - (Int64(clock.tv_sec) * 1000 + Int64(clock.tv_nsec) / 1_000_000)
            guard left > 0 else { break }
            try readEvents(timeoutMilliseconds: Int32(min(left, 60_000)))
        }
        if let outcome { return outcome }
        try setSelection(0)
        try roundTrip(timeoutMilliseconds: 2_000)
        return outcome ?? .cleared
    }

    // MARK: - Requests

    private func newID() -> UInt32 {
        defer { nextID += 1 }
        return nextID
    }

    private func bind(_ name: UInt32, interface: String, version: UInt32, id: UInt32) throws(WaylandProtocolError) {
        var arguments = WaylandArguments()
        arguments.add(name)
        arguments.add(interface)
        arguments.add(version)
        arguments.add(id)
        try send(WaylandMessage(object: registry, opcode: 0, arguments: arguments.bytes))  // bind
    }

    private func setSelection(_ source: UInt32) throws(WaylandProtocolError) {
        var arguments = WaylandArguments()
        arguments.add(source)
        try send(WaylandMessage(object: device, opcode: 0, arguments: arguments.bytes))  // set_selection
    }

    /// `wl_display.sync`, then events until its callback is done: everything sent before has been handled.
    private func roundTrip(timeoutMilliseconds: Int32) throws(WaylandProtocolError) {
        let callback = newID()
        pendingCallbacks.insert(callback)
        var arguments = WaylandArguments()
        arguments.add(callback)
        try send(WaylandMessage(object: Self.display, opcode: 0, arguments: arguments.bytes))  // sync
        var waited: Int32 = 0
        while pendingCallbacks.contains(callback) {
            guard waited < timeoutMilliseconds else { throw WaylandProtocolError("The Wayland compositor did not answer.") }
            try readEvents(timeoutMilliseconds: 100)
            waited += 100
        }
    }

    private func send(_ message: WaylandMessage) throws(WaylandProtocolError) {
        let bytes = message.encoded
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw WaylandProtocolError("The Wayland connection failed: \(String(cString: strerror(errno))).")
            }
            sent += count
        }
    }

    // MARK: - Events

    private func readEvents(timeoutMilliseconds: Int32) throws(WaylandProtocolError) {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, timeoutMilliseconds)
        if ready < 0 && errno != EINTR {
            throw WaylandProtocolError("Waiting for the compositor failed: \(String(cString: strerror(errno))).")
        }
        guard ready > 0 else { return }
        try receive()
        while let message = try reader.next() { try handle(message) }
    }

    /// Up to 4 KiB and the descriptors passed with them (close-on-exec).
    private func receive() throws(WaylandProtocolError) {
        var buffer = [UInt8](repeating: 0, count: WaylandMessage.maximumSize)
        let maximumDescriptors = 28
        // struct cmsghdr is 16 bytes on 64-bit Linux; its data follows, the whole aligned to 8.
        var control = [UInt8](repeating: 0, count: 16 + ((maximumDescriptors * 4 + 7) & ~7))
        let count = buffer.withUnsafeMutableBytes { data in
            control.withUnsafeMutableBytes { controlBytes in
                var vector = iovec(iov_base: data.baseAddress, iov_len: data.count)
                return withUnsafeMutablePointer(to: &vector) { vectorPointer in
                    var header = msghdr()
                    header.msg_iov = vectorPointer
                    header.msg_iovlen = 1
                    header.msg_control = controlBytes.baseAddress
                    header.msg_controllen = controlBytes.count
                    let received = recvmsg(fd, &header, Int32(MSG_CMSG_CLOEXEC))
                    if received >= 0 { collectDescriptors(controlBytes, length: Int(header.msg_controllen)) }
                    return received
                }
            }
        }
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { return }
            throw WaylandProtocolError("Reading from the compositor failed: \(String(cString: strerror(errno))).")
        }
        guard count > 0 else { throw WaylandProtocolError("The Wayland compositor closed the connection.") }
        guard !refusedDescriptors else {
            throw WaylandProtocolError("The Wayland compositor sent more than \(Self.maximumHeldDescriptors) descriptors without paste requests for them.")
        }
        try reader.append(buffer[0..<count])
    }

    private func collectDescriptors(_ control: UnsafeMutableRawBufferPointer, length: Int) {
        var offset = 0
        while offset + 16 <= min(length, control.count) {
            let messageLength = Int(control.load(fromByteOffset: offset, as: Int.self))
            let level = control.load(fromByteOffset: offset + 8, as: Int32.self)
            let type = control.load(fromByteOffset: offset + 12, as: Int32.self)
            guard messageLength >= 16, offset + messageLength <= control.count else { break }
            if level == SOL_SOCKET && type == Int32(SCM_RIGHTS) {
                for index in 0..<((messageLength - 16) / 4) {
                    let descriptor = control.load(fromByteOffset: offset + 16 + index * 4, as: Int32.self)
                    if receivedDescriptors.count < Self.maximumHeldDescriptors {
                        receivedDescriptors.append(descriptor)
                    } else {
                        close(descriptor)
                        refusedDescriptors = true
                    }
                }
            }
            offset += (messageLength + 7) & ~7
        }
    }

    private func handle(_ message: WaylandMessage) throws(WaylandProtocolError) {
        var arguments = WaylandArgumentReader(message)
        // An object not made yet is 0: nothing the compositor sends is taken for it.
        switch (message.object, message.opcode) {
        case (Self.display, 0):
            _ = try arguments.uint()
            let code = try arguments.uint()
            let text = try arguments.string() ?? ""
            throw WaylandProtocolError("The Wayland compositor refused a request (error \(code): \(text)).")
        case (registry, 0) where registry != 0:
            let name = try arguments.uint()
            guard let interface = try arguments.string() else { throw WaylandProtocolError("A global has no interface name.") }
            globals.append((name, interface, try arguments.uint()))
        case (source, 0) where source != 0:
            let type = try arguments.string() ?? ""
            guard !receivedDescriptors.isEmpty else { throw WaylandProtocolError("A paste request came without its pipe.") }
            let pipe = receivedDescriptors.removeFirst()
            if let payload = ClipboardOffer.payload(for: type), let secret {
                secret.withBytes(of: payload) { Self.write($0, to: pipe) }
            }
            close(pipe)
        case (source, 1) where source != 0:
            outcome = .replaced
        case (device, 2) where device != 0:
            outcome = .finished
        case (let object, 0) where pendingCallbacks.contains(object):
            pendingCallbacks.remove(object)
        default:
            break  // offers of the selection, the seat's capabilities, deleted ids: nothing to do
        }
    }

    /// Writes the paste into the requester's pipe, giving up after a second without progress: a requester that
    /// never reads must not hold the clipboard.
    static func write(_ bytes: UnsafeRawBufferPointer, to pipe: Int32) {
        _ = fcntl(pipe, F_SETFL, fcntl(pipe, F_GETFL) | O_NONBLOCK)
        var written = 0
        while written < bytes.count {
            let count = Glibc.write(pipe, bytes.baseAddress! + written, bytes.count - written)
            if count > 0 {
                written += count
            } else if count < 0 && (errno == EAGAIN || errno == EINTR) {
                var descriptor = pollfd(fd: pipe, events: Int16(POLLOUT), revents: 0)
                guard poll(&descriptor, 1, 1_000) > 0 else { return }
            } else {
                return
            }
        }
    }
}
