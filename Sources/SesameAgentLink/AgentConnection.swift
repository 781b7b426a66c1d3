import Glibc
import SesameSystemCalls

/// Opening a connection to the agent, the one way every client does it: before anything is sent, the socket folder
/// must be private and the process at the other end must run as this user, so a master password or a request never
/// goes to someone else's socket.
public enum AgentConnection {
    /// Connects to the socket at `location` and checks its peer.
    ///
    /// - Throws: `AgentError` `.notRunning` when no agent answers (no socket, or a stale one), `.unsafeLocation`
    ///   when the socket folder is not private, `.wrongPeer` when another user's process answers.
    public static func open(_ location: AgentSocketLocation) throws(AgentError) -> UnixSocket {
        try location.verifyFolder()
        let socket: UnixSocket
        do throws(SystemCallError) {
            socket = try UnixSocket.connect(to: location.socketPath)
        } catch where error.code == ENOENT || error.code == ECONNREFUSED {
            throw AgentError(.notRunning, "No agent is running (\(location.socketPath)).")
        } catch where error.code == EACCES {
            throw AgentError(.unsafeLocation, "Permission denied on \(location.socketPath); it is not this user's agent.")
        } catch {
            throw AgentError(.system, "Cannot connect to \(location.socketPath): \(error).")
        }
        let peer: PeerCredentials
        do throws(SystemCallError) {
            peer = try socket.peerCredentials()
        } catch {
            throw AgentError(.system, "Cannot check who listens on \(location.socketPath): \(error).")
        }
        guard peer.uid == getuid() else {
            throw AgentError(.wrongPeer, "The process listening on \(location.socketPath) runs as user \(peer.uid), not as you; refusing to use it.")
        }
        return socket
    }
}
