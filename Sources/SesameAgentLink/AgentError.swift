/// Why the agent could not be reached or started. A struct with a `Code`, so new reasons do not break callers;
/// the message is one sentence for people and never carries a secret.
public struct AgentError: Error, Equatable, Sendable, CustomStringConvertible {
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// No agent answers on the socket (no socket file, or a stale one from an agent that died).
        public static let notRunning = Code(rawValue: "notRunning")
        /// Another agent already serves this socket.
        public static let alreadyRunning = Code(rawValue: "alreadyRunning")
        /// The socket folder belongs to someone else, is not a folder, or others may enter it.
        public static let unsafeLocation = Code(rawValue: "unsafeLocation")
        /// The socket path is unusable (too long, or something other than a socket is in the way).
        public static let badSocketPath = Code(rawValue: "badSocketPath")
        /// The process at the other end runs as another user.
        public static let wrongPeer = Code(rawValue: "wrongPeer")
        /// The other end does not speak this protocol, or broke it.
        public static let protocolMismatch = Code(rawValue: "protocolMismatch")
        /// The agent refused the connection: busy with as many requests as it serves at once, or shutting down.
        public static let refused = Code(rawValue: "refused")
        /// The agent did not answer in time.
        public static let timedOut = Code(rawValue: "timedOut")
        /// A detached agent could not be started.
        public static let startFailed = Code(rawValue: "startFailed")
        /// A system call failed.
        public static let system = Code(rawValue: "system")
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
