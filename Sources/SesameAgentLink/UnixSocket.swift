import CSesameSystem
import Glibc
import SesameSystemCalls
import Synchronization

/// A point on the monotonic clock that an I/O wait must not pass.
public struct Deadline: Sendable {
    private let uptimeNanoseconds: UInt64?

    public static let never = Deadline(uptimeNanoseconds: nil)

    public static func after(_ seconds: Double) -> Deadline {
        guard seconds.isFinite else { return .never }
        let now = Self.monotonicNanoseconds()
        return Deadline(uptimeNanoseconds: now + UInt64(max(0, seconds) * 1e9))
    }

    /// What `poll` wants: -1 to wait forever, else milliseconds left (0 once passed).
    public var pollTimeout: Int32 {
        guard let uptimeNanoseconds else { return -1 }
        let now = Self.monotonicNanoseconds()
        guard uptimeNanoseconds > now else { return 0 }
        return Int32(min(UInt64(Int32.max), (uptimeNanoseconds - now + 999_999) / 1_000_000))
    }

    private static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}

/// The identity of the process at the other end of a Unix socket, from `SO_PEERCRED`.
public struct PeerCredentials: Sendable, Equatable {
    public var pid: pid_t
    public var uid: uid_t
    public var gid: gid_t
}

/// Why reading or writing a frame stopped.
public enum SocketIOError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The peer closed the connection between frames.
    case closed
    /// The peer closed the connection in the middle of a frame.
    case truncated
    case timedOut
    case tooLarge(length: Int, limit: Int)
    case system(SystemCallError)

    public var description: String {
        switch self {
        case .closed: "the connection was closed"
        case .truncated: "the connection was closed in the middle of a frame"
        case .timedOut: "the other end did not answer in time"
        case .tooLarge(let length, let limit): "a frame of \(length) bytes exceeds the limit of \(limit) bytes"
        case .system(let error): error.description
        }
    }
}

/// A non-blocking `AF_UNIX` stream socket that owns its descriptor. Reads and writes wait with `poll`, so every
/// wait has a deadline, and ``shutdown()`` from another thread wakes a reader blocked on it.
public final class UnixSocket: @unchecked Sendable {
    // @unchecked: `descriptor` is immutable; `isClosed` is guarded by a mutex, so `shutdown()` from another
    // thread never touches a descriptor number that was closed and reused.
    public let descriptor: Int32
    private let isClosed = Mutex(false)

    public init(adopting descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close() }

    // MARK: - Opening

    /// Connects to the socket at `path`. Throws `ENOENT` or `ECONNREFUSED` when no one listens.
    public static func connect(to path: String) throws(SystemCallError) -> UnixSocket {
        var address = try makeAddress(path)
        let socket = try makeSocket()
        try retryingInterrupts("connect") {
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(socket.descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
        }
        try socket.setNonBlocking()
        return socket
    }

    /// Binds a new socket at `path` (which must not exist), mode 0600, and listens.
    public static func listen(at path: String, backlog: Int32 = 128) throws(SystemCallError) -> UnixSocket {
        var address = try makeAddress(path)
        let socket = try makeSocket()
        try retryingInterrupts("bind") {
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(socket.descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
        }
        // The folder is 0700 already; the mode is a second fence (connecting needs write permission).
        try retryingInterrupts("chmod") { chmod(path, 0o600) }
        try retryingInterrupts("listen") { Glibc.listen(socket.descriptor, backlog) }
        try socket.setNonBlocking()
        return socket
    }

    /// The next waiting connection, or nil when none is waiting.
    public func accept() throws(SystemCallError) -> UnixSocket? {
        while true {
            let client = sesame_accept_cloexec(descriptor)
            if client >= 0 { return UnixSocket(adopting: client) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK, ECONNABORTED: return nil
            default: throw SystemCallError("accept")
            }
        }
    }

    private static func makeSocket() throws(SystemCallError) -> UnixSocket {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SystemCallError("socket") }
        return UnixSocket(adopting: descriptor)
    }

    private static func makeAddress(_ path: String) throws(SystemCallError) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < AgentSocketLocation.maximumPathLength, !bytes.contains(0) else {
            throw SystemCallError("socket path", code: ENAMETOOLONG)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        return address
    }

    private func setNonBlocking() throws(SystemCallError) {
        let flags = try retryingInterrupts("fcntl") { fcntl(descriptor, F_GETFL) }
        try retryingInterrupts("fcntl") { fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
    }

    // MARK: - Identity

    public func peerCredentials() throws(SystemCallError) -> PeerCredentials {
        var credentials = PeerCredentials(pid: 0, uid: 0, gid: 0)
        try retryingInterrupts("getsockopt(SO_PEERCRED)") {
            sesame_peer_credentials(descriptor, &credentials.pid, &credentials.uid, &credentials.gid)
        }
        return credentials
    }

    /// Whether the other end has closed its side or the connection broke, without reading anything: for a
    /// request held while the client only waits (a browser's association request).
    public func peerHasLeft() -> Bool {
        let readHangUp: Int16 = 0x2000  // POLLRDHUP, which Glibc declares only under _GNU_SOURCE
        var entry = pollfd(fd: descriptor, events: readHangUp, revents: 0)
        guard Glibc.poll(&entry, 1, 0) > 0 else { return false }
        return entry.revents & (readHangUp | Int16(POLLHUP | POLLERR | POLLNVAL)) != 0
    }

    // MARK: - I/O

    /// Fills `buffer` from `offset` on. An end of input before the first byte is `.closed` when `atFrameStart`.
    public func readExactly(
        _ buffer: UnsafeMutableRawBufferPointer, from offset: Int = 0, until deadline: Deadline, atFrameStart: Bool
    ) throws(SocketIOError) {
        var filled = offset
        while filled < buffer.count {
            let count = Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            if count > 0 {
                filled += count
                continue
            }
            if count == 0 { throw atFrameStart && filled == 0 ? .closed : .truncated }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: try wait(for: Int16(POLLIN), until: deadline)
            case ECONNRESET, EPIPE: throw atFrameStart && filled == 0 ? .closed : .truncated
            default: throw .system(SystemCallError("read"))
            }
        }
    }

    /// Writes all of `buffer`, waiting for room until `deadline`.
    public func writeAll(_ buffer: UnsafeRawBufferPointer, until deadline: Deadline) throws(SocketIOError) {
        var written = 0
        while written < buffer.count {
            let count = send(descriptor, buffer.baseAddress! + written, buffer.count - written, Int32(MSG_NOSIGNAL))
            if count >= 0 {
                written += count
                continue
            }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: try wait(for: Int16(POLLOUT), until: deadline)
            case EPIPE, ECONNRESET: throw .closed
            default: throw .system(SystemCallError("send"))
            }
        }
    }

    /// Waits until the socket is ready for `events` (or hung up), or throws `.timedOut`.
    private func wait(for events: Int16, until deadline: Deadline) throws(SocketIOError) {
        while true {
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let result = poll(&entry, 1, deadline.pollTimeout)
            if result > 0 {
                if entry.revents & Int16(POLLNVAL) != 0 { throw .closed }
                return
            }
            if result == 0 { throw .timedOut }
            if errno != EINTR { throw .system(SystemCallError("poll")) }
        }
    }

    // MARK: - Closing

    /// Ends both directions, waking any thread blocked on this socket; safe from any thread.
    public func shutdown() {
        isClosed.withLock { closed in
            if !closed { _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    }

    public func close() {
        isClosed.withLock { closed in
            guard !closed else { return }
            closed = true
            _ = Glibc.close(descriptor)
        }
    }
}
