import CSodium

/// A connection to an unlocked agent that ``AgentExchange/open(_:_:vault:)`` set up (hello and attach done), for a
/// client that needs more than one request (`sesame show --reveal`: resolve, then reveal) or a reply in several
/// frames (`sesame match` of every login). Each method returns nil when the agent fails to answer in time or
/// answers out of turn; the caller then leaves the command to the full program.
public final class AgentConversation {
    private let socket: UnixSocket
    private let vault: String
    private let timeout: Double
    /// The id of the last request: ``AgentExchange/open(_:_:vault:)`` sent the first with id 2.
    private var lastID = 2

    init(socket: UnixSocket, vault: String, timeout: Double) {
        self.socket = socket
        self.vault = vault
        self.timeout = timeout
    }

    /// Sends operation `type` with `fields` for the attached vault; the agent's reply to it, a `result` or an `error`.
    public func send(_ type: String, _ fields: [String: AgentJSON]) -> AgentJSON? {
        lastID += 1
        var bytes = AgentExchange.request(type, fields, id: lastID, vault: vault).bytes
        defer { AgentExchange.wipe(&bytes) }
        do throws(SocketIOError) {
            try bytes.withUnsafeBytes { buffer in
                capture { () throws(SocketIOError) in try Frame.write(buffer, to: socket, until: .after(timeout)) }
            }.get()
        } catch {
            return nil
        }
        return nextFrame()
    }

    /// The next frame of the last reply, when the one before said `"more":true`.
    public func nextFrame() -> AgentJSON? {
        guard let reply = try? AgentExchange.readReply(from: socket, until: .after(timeout), timeout: timeout),
            reply["id"]?.int == lastID
        else { return nil }
        return reply
    }
}
