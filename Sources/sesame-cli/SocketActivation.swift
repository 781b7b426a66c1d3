import Glibc

/// systemd's socket activation (sd_listen_fds(3)): a service started for a socket unit finds the listening socket
/// at descriptor 3 with `LISTEN_PID` = its pid and `LISTEN_FDS` = 1. Read without libsystemd (the CLI does not link
/// it); the variables are removed so nothing this process starts mistakes the socket for its own.
enum SocketActivation {
    static let firstDescriptor: Int32 = 3

    static func listener(environment: [String: String]) -> Int32? {
        defer { for name in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] { unsetenv(name) } }
        guard let pid = environment["LISTEN_PID"].flatMap({ pid_t($0) }), pid == getpid(),
              environment["LISTEN_FDS"] == "1"
        else { return nil }
        return firstDescriptor
    }
}
