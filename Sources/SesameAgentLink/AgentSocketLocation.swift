import Glibc

/// Where the agent listens: `$SESAME_AGENT_SOCK`, else `$XDG_RUNTIME_DIR/sesame/agent.sock`, else
/// `/tmp/sesame-$UID/agent.sock`. The folder holds the socket and the lock file that lets only one agent serve.
///
/// Agent and clients both refuse a folder that is not a real folder, belongs to another user, or that group or
/// others may enter: whoever controls the folder could put their own socket there and collect master passwords.
public struct AgentSocketLocation: Sendable, Equatable, CustomStringConvertible {
    /// The socket's absolute path.
    public let socketPath: String

    /// The socket at `socketPath`; relative paths are taken from the current folder.
    public init(socketPath: String) {
        self.socketPath = socketPath.hasPrefix("/")
            ? socketPath : FilePath.currentDirectory() + "/" + socketPath
    }

    /// The location the environment names (see the type's description).
    public static func resolve(environment: [String: String] = ProcessEnvironment.variables())
        -> AgentSocketLocation
    {
        if let explicit = environment["SESAME_AGENT_SOCK"], !explicit.isEmpty {
            return AgentSocketLocation(socketPath: explicit)
        }
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"), Self.isDirectory(runtime) {
            return AgentSocketLocation(socketPath: (runtime.hasSuffix("/") ? runtime : runtime + "/") + "sesame/agent.sock")
        }
        return AgentSocketLocation(socketPath: "/tmp/sesame-\(getuid())/agent.sock")
    }

    /// The folder that holds the socket.
    public var folder: String {
        FilePath.folder(of: socketPath)
    }

    /// The file an agent holds an exclusive `flock` on while it serves, next to the socket.
    public var lockPath: String { socketPath + ".lock" }

    public var description: String { socketPath }

    /// Whether a socket file is at `socketPath` (it may be stale).
    public var socketExists: Bool {
        var info = stat()
        return lstat(socketPath, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK
    }

    /// Creates the folder (mode 0700) if it is missing, then checks it as ``verifyFolder()`` does.
    public func prepareFolder() throws(AgentError) {
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw AgentError(.unsafeLocation, "Cannot create the socket folder \(folder): \(String(cString: strerror(errno))).")
        }
        try verifyFolder()
    }

    /// Checks that the folder is a real folder (not a symbolic link), owned by this user, closed to group and
    /// others, and that the socket path fits in `sockaddr_un`.
    public func verifyFolder() throws(AgentError) {
        guard socketPath.utf8.count < Self.maximumPathLength else {
            throw AgentError(.badSocketPath, "The socket path \(socketPath) is longer than \(Self.maximumPathLength - 1) bytes.")
        }
        var info = stat()
        guard lstat(folder, &info) == 0 else {
            if errno == ENOENT { throw AgentError(.notRunning, "The socket folder \(folder) does not exist.") }
            throw AgentError(.unsafeLocation, "Cannot inspect the socket folder \(folder): \(String(cString: strerror(errno))).")
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw AgentError(.unsafeLocation, "The socket folder \(folder) is not a folder (a symbolic link or a file); refusing to use it.")
        }
        guard info.st_uid == getuid() else {
            throw AgentError(.unsafeLocation, "The socket folder \(folder) belongs to user \(info.st_uid), not to you; refusing to use it.")
        }
        let mode = info.st_mode & 0o777
        guard mode & 0o077 == 0 else {
            throw AgentError(.unsafeLocation, "The socket folder \(folder) is open to other users (mode \(String(mode, radix: 8))); refusing to use it. Run: chmod 700 \(folder)")
        }
    }

    /// `sun_path` holds 108 bytes including the terminating zero.
    public static let maximumPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path)

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
