import Foundation
import Glibc
import SesameAgentLink
import SesameAutoFill
import SesameCrypto
import SesameDomains
import SesameStore
import SesameSystemCalls

/// How an agent serves: where, how long it stays unlocked, and the limits that protect it from its clients.
public struct AgentConfiguration: Sendable {
    public var location: AgentSocketLocation
    /// What a site is, for every vault this agent opens: the list of the command that started it.
    public var publicSuffixList: PublicSuffixList
    /// The idle timeout of an unlock that does not name one.
    public var idleTimeout: TimeInterval
    /// Name and version reported in the hello exchange and logs, such as `sesame 0.1.0`.
    public var agentName: String
    /// Connections served at once. When all are taken, the one idle longest is closed to make room; only when
    /// every one is in the middle of a request is a new client told the agent is busy.
    public var maximumConnections = 256
    /// A connection that sends no request for this many seconds is closed (clients reconnect per command).
    public var connectionIdleTimeout: TimeInterval = 600
    /// The largest frame read from a client.
    public var maximumRequestFrame = AgentProtocol.maximumRequestFrame
    /// Once a frame starts, all of it must arrive within this many seconds; a reply must be taken as fast.
    public var frameTimeout: TimeInterval = 30
    /// A new connection must say hello within this many seconds.
    public var helloTimeout: TimeInterval = 10
    /// How often the agent checks that its socket file is still its own; if it was removed or replaced (another
    /// agent, a deleted folder), this agent shuts down instead of lingering unreachable.
    public var socketCheckInterval: TimeInterval = 10
    /// Seconds between a change and the automatic sync round that publishes it (when automatic sync is on).
    public var syncDebounce: TimeInterval = 2
    /// A listening socket handed over by the service manager (systemd's socket activation, `sesame-agent.socket`)
    /// for ``location``: served as it is, and its file is left in place when the agent stops, since the manager
    /// owns it and starts the agent again on the next connection.
    public var inheritedListener: Int32?

    public init(
        location: AgentSocketLocation, publicSuffixList: PublicSuffixList,
        idleTimeout: TimeInterval = VaultSession.defaultIdleTimeout, agentName: String = "sesame"
    ) {
        self.location = location
        self.publicSuffixList = publicSuffixList
        self.idleTimeout = idleTimeout
        self.agentName = agentName
    }
}

/// The agent: holds the unlocked vault (an `AgentCore`), serves clients of the same user over a Unix socket,
/// and locks itself when idle.
///
/// Each connection gets its own thread, so a slow or dead client holds only its own thread: blocking reads with
/// deadlines on a dedicated thread are simpler and safer here than Swift concurrency, whose small cooperative pool
/// (two threads on a two-core machine) must never block on a socket or on Argon2id. A timer thread locks the vault
/// when the idle timeout passes, and an accept thread waits on the listening socket and a wake-up pipe.
///
/// ```swift
/// let server = AgentServer(configuration: AgentConfiguration(location: .resolve(), publicSuffixList: list))
/// try server.start()          // binds the socket; returns once clients can connect
/// server.waitUntilStopped()   // until stop(), a `stop` request, or the socket disappearing
/// ```
public final class AgentServer: @unchecked Sendable {
    // @unchecked: mutable state is guarded by `mutex` (phase, listener, lock file, connections) and `timer`
    // (timer flags); the core guards its own.
    public let configuration: AgentConfiguration
    let core: AgentCore
    let logger: AgentLogger
    let syncScheduler: AgentSyncScheduler

    private enum Phase { case initial, running, stopping, stopped }

    private let mutex = NSLock()
    private var phase = Phase.initial
    private var listener: UnixSocket?
    private var lockFile: Int32 = -1
    private var socketIdentity: (device: UInt64, inode: UInt64)?
    /// Open connections, and since when each has been waiting for its next request (nil while one is served).
    private var connections: [ObjectIdentifier: (socket: UnixSocket, idleSince: UInt64?)] = [:]
    private var wakeRead: Int32 = -1
    private var wakeWrite: Int32 = -1
    private let threads = DispatchGroup()

    private let timer = NSCondition()
    private var timerShouldStop = false
    private var timerShouldRecompute = false

    /// - Parameters:
    ///   - logger: where the agent reports; never receives a secret.
    ///   - now: the clock of the session (tests inject their own).
    public convenience init(
        configuration: AgentConfiguration, logger: AgentLogger = .standardError(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(configuration: configuration, logger: logger, now: now, delayHook: nil)
    }

    init(
        configuration: AgentConfiguration, logger: AgentLogger, now: @escaping @Sendable () -> Date,
        delayHook: (@Sendable (TimeInterval) -> Void)?,
        openVault: @escaping @Sendable (String, SecureBytes, PublicSuffixList) throws -> Vault = AgentCore.unlockVault
    ) {
        self.configuration = configuration
        self.logger = logger
        let wake = WakeSignal()
        core = AgentCore(
            publicSuffixList: configuration.publicSuffixList, defaultIdleTimeout: configuration.idleTimeout,
            logger: logger, now: now, delayHook: delayHook, onUnlock: { wake.fire() }, openVault: openVault)
        syncScheduler = AgentSyncScheduler(core: core, logger: logger, debounce: configuration.syncDebounce)
        wake.target = self
    }

    deinit {
        if lockFile >= 0 { close(lockFile) }
        if wakeRead >= 0 { close(wakeRead) }
        if wakeWrite >= 0 { close(wakeWrite) }
    }

    /// The agent's state, as a `status` request reports it.
    public var status: AgentStatus { core.status() }

    // MARK: - Starting

    /// Takes the agent lock, replaces a stale socket, binds and starts serving. Returns once clients can connect.
    ///
    /// - Throws: `AgentError` `.alreadyRunning` when another agent serves this location, `.unsafeLocation` for a
    ///   folder that is not private, `.badSocketPath` when something other than a socket is in the way.
    public func start() throws(AgentError) {
        mutex.lock()
        defer { mutex.unlock() }
        guard phase == .initial else { throw AgentError(.alreadyRunning, "This agent was already started.") }
        let location = configuration.location
        try location.prepareFolder()
        try takeLock(location)
        do throws(AgentError) {
            let listener: UnixSocket
            if let inherited = configuration.inheritedListener {
                try Self.checkInherited(inherited, path: location.socketPath)
                listener = UnixSocket(adopting: inherited)
            } else {
                try removeStaleSocket(location)
                do {
                    listener = try UnixSocket.listen(at: location.socketPath)
                } catch {
                    throw AgentError(.system, "Cannot listen on \(location.socketPath): \(error).")
                }
            }
            var info = stat()
            guard lstat(location.socketPath, &info) == 0 else {
                throw AgentError(.system, "The socket \(location.socketPath) vanished as it was created.")
            }
            socketIdentity = (UInt64(info.st_dev), UInt64(info.st_ino))
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw AgentError(.system, "Cannot create a pipe: \(SystemCallError("pipe")).") }
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, O_NONBLOCK)
            }
            wakeRead = ends[0]
            wakeWrite = ends[1]
            self.listener = listener
        } catch {
            close(lockFile)
            lockFile = -1
            throw error
        }
        phase = .running
        threads.enter()
        Thread.detachNewThread { [self] in
            acceptLoop()
            threads.leave()
        }
        threads.enter()
        Thread.detachNewThread { [self] in
            timerLoop()
            threads.leave()
        }
        threads.enter()
        Thread.detachNewThread { [self] in
            syncScheduler.runLoop()
            threads.leave()
        }
        logger.info("Listening", metadata: ["socket.path": location.socketPath, "agent.pid": "\(getpid())"])
    }

    /// Starts, then serves until stopped.
    public func run() throws(AgentError) {
        try start()
        waitUntilStopped()
    }

    /// A descriptor from the service manager must be a listening Unix stream socket bound to the agent's path:
    /// anything else is a unit file that disagrees with the environment, said plainly rather than served.
    static func checkInherited(_ descriptor: Int32, path: String) throws(AgentError) {
        var type: Int32 = 0, listening: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_TYPE, &type, &length) == 0, type == Int32(SOCK_STREAM.rawValue),
              getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length) == 0, listening == 1
        else {
            throw AgentError(.badSocketPath, "The service manager passed descriptor \(descriptor), which is not a listening stream socket.")
        }
        var address = sockaddr_un()
        var size = socklen_t(MemoryLayout<sockaddr_un>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &size) }
        }
        let bound = withUnsafeBytes(of: address.sun_path) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        guard named == 0, address.sun_family == sa_family_t(AF_UNIX), bound == path else {
            throw AgentError(.badSocketPath, "The service manager's socket is \(bound.isEmpty ? "not a Unix socket" : bound), but this agent serves \(path); make the socket unit's ListenStream and the agent's socket agree.")
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    /// One agent per location: an exclusive `flock` on the lock file next to the socket, held while serving. The
    /// file is never removed, so two agents starting together always contend for the same lock.
    private func takeLock(_ location: AgentSocketLocation) throws(AgentError) {
        let descriptor = open(location.lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw AgentError(.system, "Cannot open the lock file \(location.lockPath): \(String(cString: strerror(errno))).")
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            close(descriptor)
            if code == EWOULDBLOCK {
                throw AgentError(.alreadyRunning, "An agent already serves \(location.socketPath).")
            }
            throw AgentError(.system, "Cannot lock \(location.lockPath): \(String(cString: strerror(code))).")
        }
        lockFile = descriptor
    }

    /// With the lock held, a socket file left at the path belongs to an agent that died: remove it, but only if it
    /// is a socket and nobody answers on it.
    private func removeStaleSocket(_ location: AgentSocketLocation) throws(AgentError) {
        var info = stat()
        guard lstat(location.socketPath, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFSOCK else {
            throw AgentError(.badSocketPath, "\(location.socketPath) exists and is not a socket; not removing it.")
        }
        do throws(SystemCallError) {
            _ = try UnixSocket.connect(to: location.socketPath)
        } catch where error.code == ECONNREFUSED || error.code == ENOENT {
            if unlink(location.socketPath) != 0 && errno != ENOENT {
                throw AgentError(.system, "Cannot remove the stale socket \(location.socketPath): \(String(cString: strerror(errno))).")
            }
            logger.info("Removed a stale socket", metadata: ["socket.path": location.socketPath])
            return
        } catch {
            throw AgentError(.system, "Cannot check the socket \(location.socketPath): \(error).")
        }
        throw AgentError(.alreadyRunning, "Another process already listens on \(location.socketPath).")
    }

    // MARK: - Stopping

    /// Stops serving: no new connections, open ones are closed, the vault is locked, the socket removed. Safe
    /// from any thread and from signal-handling code; returns at once (see ``waitUntilStopped()``).
    public func stop() {
        mutex.lock()
        guard phase == .running else {
            mutex.unlock()
            return
        }
        phase = .stopping
        let open = connections.values.map(\.socket)
        mutex.unlock()

        logger.info("Stopping")
        core.stop()
        syncScheduler.stop()
        timer.lock()
        timerShouldStop = true
        timer.signal()
        timer.unlock()
        for connection in open { connection.shutdown() }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// Blocks until the agent has stopped and every connection thread has ended.
    public func waitUntilStopped() {
        threads.wait()
        core.waitForWipes()
    }

    // MARK: - Threads

    private func acceptLoop() {
        guard let listener = mutex.withLock({ self.listener }) else { return }
        var entries = [
            pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            entries[0].revents = 0
            entries[1].revents = 0
            let ready = poll(&entries, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                logger.error("Waiting for connections failed", metadata: ["error": "\(SystemCallError("poll"))"])
                break
            }
            if entries[1].revents != 0 { break }
            do {
                while let connection = try listener.accept() { admit(connection) }
            } catch {
                // Out of descriptors or memory: keep serving the connections we have and retry shortly.
                logger.error("Accepting a connection failed", metadata: ["error": "\(error)"])
                usleep(100_000)
            }
        }
        finishStopping(listener)
    }

    private func admit(_ connection: UnixSocket) {
        mutex.lock()
        guard phase == .running else {
            mutex.unlock()
            ServerConnection.sendFinal(ServiceFailure(.unavailable, "The agent is shutting down."), on: connection, deadline: .after(0.2))
            connection.close()
            return
        }
        if connections.count >= configuration.maximumConnections {
            // A new client is always served while any connection is only waiting: the one idle longest goes.
            let oldest = connections.filter { $0.value.idleSince != nil }.min { $0.value.idleSince! < $1.value.idleSince! }
            guard let oldest else {
                mutex.unlock()
                logger.warning("Refused a connection: every connection is busy", metadata: ["connections.max": "\(configuration.maximumConnections)"])
                ServerConnection.sendFinal(ServiceFailure(.unavailable, "The agent is busy: too many connections."), on: connection, deadline: .after(0.2))
                connection.close()
                return
            }
            connections.removeValue(forKey: oldest.key)
            oldest.value.socket.shutdown()
            logger.debug("Closed the connection idle longest to make room")
        }
        connections[ObjectIdentifier(connection)] = (connection, DispatchTime.now().uptimeNanoseconds)
        threads.enter()
        mutex.unlock()
        Thread.detachNewThread { [self] in
            ServerConnection(socket: connection, server: self).serve()
            connection.close()
            mutex.withLock { _ = connections.removeValue(forKey: ObjectIdentifier(connection)) }
            threads.leave()
        }
    }

    /// Marks a connection as waiting for its next request (it may then be closed to make room) or as served.
    func setIdle(_ connection: UnixSocket, _ idle: Bool) {
        mutex.withLock {
            connections[ObjectIdentifier(connection)]?.idleSince = idle ? DispatchTime.now().uptimeNanoseconds : nil
        }
    }

    private func finishStopping(_ listener: UnixSocket) {
        listener.close()
        let location = configuration.location
        mutex.lock()
        // Remove the socket only if it is still ours: never another agent's that replaced it, nor the service
        // manager's, which starts the agent again when a client connects.
        var info = stat()
        if configuration.inheritedListener == nil, let identity = socketIdentity, lstat(location.socketPath, &info) == 0,
            UInt64(info.st_dev) == identity.device, UInt64(info.st_ino) == identity.inode
        {
            unlink(location.socketPath)
        }
        if lockFile >= 0 {
            close(lockFile)
            lockFile = -1
        }
        phase = .stopped
        mutex.unlock()
        logger.info("Stopped")
    }

    /// Locks the vault at each idle deadline, and checks now and then that the socket is still ours.
    private func timerLoop() {
        let interval = configuration.socketCheckInterval
        while true {
            let remaining = core.lockIfIdle()
            if mutex.withLock({ phase == .running }) && !ownsSocket() {
                logger.warning("The socket was removed or replaced; shutting down",
                               metadata: ["socket.path": configuration.location.socketPath])
                stop()
            }
            timer.lock()
            if timerShouldStop {
                timer.unlock()
                break
            }
            if !timerShouldRecompute {
                // A few milliseconds past the deadline, so the session sees it has passed.
                let wait = min(remaining.map { $0 + 0.005 } ?? .infinity, interval)
                _ = timer.wait(until: Date(timeIntervalSinceNow: wait))
            }
            timerShouldRecompute = false
            timer.unlock()
        }
    }

    /// Called after an unlock: the timer must re-arm for the new deadline.
    fileprivate func rearmTimer() {
        timer.lock()
        timerShouldRecompute = true
        timer.signal()
        timer.unlock()
    }

    private func ownsSocket() -> Bool {
        guard let identity = mutex.withLock({ socketIdentity }) else { return true }
        var info = stat()
        guard lstat(configuration.location.socketPath, &info) == 0 else { return false }
        return UInt64(info.st_dev) == identity.device && UInt64(info.st_ino) == identity.inode
    }
}

/// Lets the core wake the server's timer without a reference cycle.
private final class WakeSignal: @unchecked Sendable {
    // @unchecked: `target` is set once, right after init, before any thread can call `fire()`.
    weak var target: AgentServer?
    func fire() {
        target?.rearmTimer()
        target?.syncScheduler.rearm()
    }
}

extension AgentServer {
    /// Locks the vault now and keeps serving (what SIGHUP does).
    public func lock() {
        core.lock()
    }
}
