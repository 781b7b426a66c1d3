import CSodium

/// One request to an unlocked agent in a single round trip: the hello and the request go out in one write, and the
/// two replies are read back. For the commands started for every form and git command, which only need an answer
/// when the agent holds their vault unlocked; a client that gets nil (or an error) falls back to the full client,
/// which explains whatever went wrong (docs/agent-protocol.md §4).
///
/// No `attach` first: a vault operation names its vault, the agent refuses it with an error frame when it does
/// not hold that vault unlocked, and serving it counts as use as an `attach` would.
public struct AgentExchange {
    public let location: AgentSocketLocation
    public let clientName: String
    /// How long the whole exchange may take.
    public var timeout: Double = 5

    public init(location: AgentSocketLocation, clientName: String) {
        self.location = location
        self.clientName = clientName
    }

    /// The `hello` message as every client sends it.
    public static func hello(clientName: String, versions: [Int] = AgentProtocol.supportedVersions) -> AgentJSON {
        .object([
            "client": .string(clientName), "id": .number("0"), "type": .string("hello"),
            "versions": .array(versions.map { .number(String($0)) }),
        ])
    }

    /// Sends `fields` (the operation's own fields) as operation `type` for `vault` and returns the agent's reply to
    /// it, a `result` or an `error`; nil when no agent runs, it is not this user's, it speaks another protocol,
    /// or it does not hold `vault` (a canonical path) unlocked.
    public func send(_ type: String, _ fields: [String: AgentJSON], vault: String) -> AgentJSON? {
        open(type, fields, vault: vault)?.reply
    }

    /// As ``send(_:_:vault:)``, and keeps the connection for more requests or more frames of the reply.
    public func open(_ type: String, _ fields: [String: AgentJSON], vault: String)
        -> (conversation: AgentConversation, reply: AgentJSON)?
    {
        guard location.socketExists, let socket = try? AgentConnection.open(location) else { return nil }
        var frames: [UInt8] = []
        defer { Self.wipe(&frames) }
        for message in [Self.hello(clientName: clientName), Self.request(type, fields, id: 2, vault: vault)] {
            var bytes = message.bytes
            frames += Frame.header(length: bytes.count) + bytes
            Self.wipe(&bytes)
        }
        let deadline = Deadline.after(timeout)
        do throws(SocketIOError) {
            try frames.withUnsafeBytes { buffer in
                capture { () throws(SocketIOError) in try socket.writeAll(buffer, until: deadline) }
            }.get()
            guard let hello = try Self.readReply(from: socket, until: deadline, timeout: timeout), hello["type"]?.string == "hello",
                let version = hello["version"]?.int, AgentProtocol.supportedVersions.contains(version),
                let reply = try Self.readReply(from: socket, until: deadline, timeout: timeout), reply["id"]?.int == 2
            else { return nil }
            return (AgentConversation(socket: socket, vault: vault, timeout: timeout), reply)
        } catch {
            return nil
        }
    }

    static func request(_ type: String, _ fields: [String: AgentJSON], id: Int, vault: String) -> AgentJSON {
        var request = fields
        request["id"] = .number(String(id))
        request["type"] = .string(type)
        request["vault"] = .string(vault)
        return .object(request)
    }

    static func readReply(from socket: UnixSocket, until deadline: Deadline, timeout: Double) throws(SocketIOError)
        -> AgentJSON?
    {
        var bytes = try Frame.read(from: socket, limit: AgentProtocol.maximumReplyFrame, idle: deadline, frameTimeout: timeout)
        defer { wipe(&bytes) }
        return AgentJSON(parsing: bytes)
    }

    static func wipe(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { sodium_memzero($0.baseAddress, $0.count) }
    }
}
