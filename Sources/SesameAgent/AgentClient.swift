import Foundation
import Glibc
import SesameAgentLink
import SesameAutoFill
import SesameAutoType
import SesameAutoTypeRules
import SesameCrypto
import SesameStore

/// A connection to the agent. It implements the core's API of an unlocked vault (`UnlockedVault`) by mapping
/// each call onto the agent's own wire messages (one operation type each, in `AgentOperations`), so code written against the core's
/// protocols does not care whether the vault is in this process or in the agent. It also unlocks, locks, reports
/// and stops the agent.
///
/// Before sending anything the client checks what the agent checks: the socket folder is private and the process
/// at the other end runs as this user, so a master password never goes to someone else's socket.
///
/// ```swift
/// let agent = try AgentClient.connect(to: .resolve())
/// let status = try agent.unlock(vault: path, password: password, idleTimeout: 15 * 60)
/// agent.vault = path
/// let logins = try agent.list()
/// ```
///
/// Not thread-safe: one connection carries one request at a time. Open one client per thread.
public final class AgentClient: UnlockedVault {
    public let location: AgentSocketLocation
    /// The agent's process id, from the hello exchange.
    public let agentPID: Int32
    /// The agent's name and version, such as `sesame 0.1.0`.
    public let agentName: String
    /// The protocol version agreed in the hello exchange.
    public let protocolVersion: Int
    /// The vault (absolute path) that vault operations are sent for.
    public var vault: String?
    /// How long to wait for an answer. Generous: an unlock may wait out the throttle, and a list of a very
    /// large vault takes a while.
    public var replyTimeout: TimeInterval = 600

    private let socket: UnixSocket
    private var nextID: UInt64 = 1
    private var isBroken = false
    /// Sees every JSON frame this client sends (`true`) or reads (`false`): tests look for secrets in them.
    var frameObserver: ((_ sent: Bool, _ bytes: [UInt8]) -> Void)?

    init(location: AgentSocketLocation, socket: UnixSocket, hello: WireReply) {
        self.location = location
        self.socket = socket
        agentPID = hello.pid ?? 0
        agentName = hello.agent ?? "unknown"
        protocolVersion = hello.version ?? 0
    }

    /// Connects and says hello.
    ///
    /// - Throws: `AgentError` `.notRunning` when no agent answers (no socket, or a stale one), `.unsafeLocation`
    ///   when the socket folder is not private, `.wrongPeer` when another user's process answers,
    ///   `.protocolMismatch` when the agent speaks another protocol version (an agent left running after an
    ///   upgrade), `.refused` when it is busy or shutting down, `.timedOut` when it does not answer.
    public static func connect(
        to location: AgentSocketLocation = .resolve(), clientName: String = "sesame", timeout: TimeInterval = 5
    ) throws(AgentError) -> AgentClient {
        try connect(to: location, clientName: clientName, timeout: timeout, versions: AgentProtocol.supportedVersions)
    }

    /// `attaching`: a vault to send an attach for in the same write as the hello (pipelined: one round trip for
    /// both); its status is returned beside the client.
    static func connect(
        to location: AgentSocketLocation, clientName: String, timeout: TimeInterval, versions: [Int]
    ) throws(AgentError) -> AgentClient {
        try connect(to: location, clientName: clientName, timeout: timeout, versions: versions, attaching: nil).client
    }

    private static func connect(
        to location: AgentSocketLocation, clientName: String, timeout: TimeInterval, versions: [Int],
        attaching vault: String?
    ) throws(AgentError) -> (client: AgentClient, attached: AgentStatus?) {
        let socket = try AgentConnection.open(location)

        var hello = WireRequest(type: HelloOperation.name, id: 0)
        hello.versions = versions
        hello.client = clientName
        var messages = [hello]
        if let vault {
            var attach = WireRequest(type: AttachOperation.name, id: 1)
            attach.vault = vault
            messages.append(attach)
        }
        let reply: WireReply
        do throws(ServiceFailure) {
            do throws(ServiceFailure) {
                try write(messages, on: socket, observer: nil)
            } catch {
                // A busy agent sends its reason and closes at once, which can break our write before we read it:
                // the reason, when it arrived, says more than a broken pipe.
                _ = try readReply(to: hello.id, on: socket, timeout: 1, observer: nil)
                throw error
            }
            reply = try readReply(to: hello.id, on: socket, timeout: timeout, observer: nil)
        } catch where error.code == .unavailable && error.message.contains("did not answer") {
            throw AgentError(.timedOut, "The agent on \(location.socketPath) did not answer within \(Int(timeout)) s.")
        } catch where error.code == .protocolError {
            // An agent of another version refuses the hello with an error frame (its shape is the same in every
            // version), or sends a hello this client cannot read.
            throw Self.mismatch(location, detail: error.message)
        } catch {
            throw AgentError(.refused, "The agent on \(location.socketPath) refused the connection: \(error.message)")
        }
        guard reply.type == .hello, let version = reply.version, versions.contains(version) else {
            throw Self.mismatch(location, detail: "it did not complete the hello exchange")
        }
        let client = AgentClient(location: location, socket: socket, hello: reply)
        guard messages.count > 1 else { return (client, nil) }
        client.nextID = 2
        do throws(ServiceFailure) {
            return (client, try client.expectStatus(readReply(to: messages[1].id, on: socket, timeout: timeout, observer: nil)))
        } catch {
            throw AgentError(error.code == .protocolError ? .protocolMismatch : .timedOut, error.message)
        }
    }

    private static func mismatch(_ location: AgentSocketLocation, detail: String) -> AgentError {
        AgentError(
            .protocolMismatch,
            "The running agent on \(location.socketPath) does not speak protocol version \(AgentProtocol.version) of this client (\(detail.hasSuffix(".") ? String(detail.dropLast()) : detail)); stop it with 'sesame agent --stop' and try again.")
    }

    /// A connection to the agent at `location` if it runs and holds `vault` (a canonical path) unlocked, with
    /// its idle timer reset so the vault stays unlocked for the requests that follow; nil when no agent runs or it
    /// does not hold that vault unlocked. The one way `sesame` and `git-credential-sesame` find their agent.
    ///
    /// - Throws: what ``connect(to:clientName:timeout:)`` throws other than `.notRunning`, and `.timedOut` when
    ///   the agent does not answer the attach.
    public static func attachUnlocked(vault: String, at location: AgentSocketLocation, clientName: String)
        throws(AgentError) -> AgentClient?
    {
        guard location.socketExists else { return nil }
        let client: AgentClient
        let status: AgentStatus?
        do throws(AgentError) {
            // The hello and the attach go out together: started for every form and git command, a client pays
            // one round trip for both.
            (client, status) = try connect(
                to: location, clientName: clientName, timeout: 5, versions: AgentProtocol.supportedVersions,
                attaching: vault)
        } catch where error.code == .notRunning {
            return nil
        }
        guard let status, status.isUnlocked, status.vault == vault else { return nil }
        client.vault = vault
        return client
    }

    /// Stops whatever agent serves `location`, also one of an older protocol version left running after an
    /// upgrade (every version so far knows `stop` after its own hello). Returns the agent's pid, or nil when none
    /// was running.
    public static func stopAgent(at location: AgentSocketLocation, clientName: String) throws(AgentError) -> Int32? {
        var lastError: AgentError?
        for versions in [AgentProtocol.supportedVersions, [1]] {
            do throws(AgentError) {
                let client = try connect(to: location, clientName: clientName, timeout: 5, versions: versions)
                do throws(ServiceFailure) {
                    try client.stop()
                } catch {
                    throw AgentError(.protocolMismatch, error.message)
                }
                return client.agentPID
            } catch where error.code == .notRunning {
                return nil
            } catch where error.code == .protocolMismatch {
                lastError = error
            }
        }
        throw lastError ?? AgentError(.protocolMismatch, "The agent on \(location.socketPath) could not be stopped.")
    }

    // MARK: - VaultItems

    public func status() throws(ServiceFailure) -> VaultStatus {
        try call(VaultStatusOperation.self, NoFields()).status
    }

    public func list(_ state: ItemState) throws(ServiceFailure) -> (items: [ItemSummary], damaged: [String]) {
        let reply = try call(ListOperation.self, .init(state: WireItemState.name(state)))
        return (reply.summaries.map(\.summary), reply.damaged)
    }

    public func resolve(_ reference: String, in states: Set<ItemState>) throws(ServiceFailure) -> ItemView {
        try call(ResolveOperation.self, .init(reference: reference, states: states.map(WireItemState.name).sorted())).view.itemView()
    }

    public func reveal(_ id: UUID) throws(ServiceFailure) -> Item {
        try call(RevealOperation.self, WireItemID(itemID: id)).revealed.item
    }

    @discardableResult
    public func add(_ item: Item) throws(ServiceFailure) -> ItemView {
        try call(AddOperation.self, .init(item: WireItem(item))).view.itemView()
    }

    /// The agent does the whole import in one request: `progress` hears only its end.
    public func importItems(_ items: [Item], keePassDatabases: [KeePassDatabaseExtras], dryRun: Bool,
                            progress: (Int) -> Void) throws(ServiceFailure) -> ImportSummary
    {
        let request = ImportItemsOperation.Request(
            items: items.map(WireItem.init), keePassDatabases: keePassDatabases.map(WireKeePassDatabase.init), dryRun: dryRun)
        let summary = try call(ImportItemsOperation.self, request).importSummary.summary()
        progress(items.count)
        return summary
    }

    @discardableResult
    public func update(_ id: UUID, _ change: ItemChange) throws(ServiceFailure) -> ItemView {
        try call(UpdateOperation.self, .init(itemID: id, change: WireItemChange(change))).view.itemView()
    }

    public func delete(_ id: UUID) throws(ServiceFailure) {
        _ = try call(DeleteOperation.self, WireItemID(itemID: id))
    }

    // MARK: - VaultTrash

    public func moveToTrash(_ id: UUID) throws(ServiceFailure) {
        _ = try call(MoveToTrashOperation.self, WireItemID(itemID: id))
    }

    public func restore(_ id: UUID) throws(ServiceFailure) {
        _ = try call(RestoreOperation.self, WireItemID(itemID: id))
    }

    // MARK: - CredentialFilling

    public func match(_ identifiers: [ServiceIdentifier]) throws(ServiceFailure) -> [CredentialMatch] {
        try Self.matches(call(MatchOperation.self, .init(identifiers: identifiers.map(WireServiceIdentifier.init))))
    }

    /// Asks for the reply in frames of `size` rows and hands each to `body` as it arrives.
    public func matchAll(inPiecesOf size: Int, _ body: ([CredentialMatch]) -> Void) throws(ServiceFailure) {
        precondition(size > 0)
        var reply = try call(MatchOperation.self, .init(identifiers: [], rowsPerFrame: size))
        while true {
            let rows = try Self.matches(reply)
            if !rows.isEmpty { body(rows) }
            guard reply.more == true else { return }
            reply = try nextResult(of: MatchOperation.self)
        }
    }

    private static func matches(_ reply: MatchOperation.Reply) throws(ServiceFailure) -> [CredentialMatch] {
        var rows: [CredentialMatch] = []
        rows.reserveCapacity(reply.matches.count)
        for row in reply.matches { rows.append(try row.credentialMatch()) }
        return rows
    }

    public func fill(_ identifiers: [ServiceIdentifier], username: String?) throws(ServiceFailure) -> Credential {
        try call(FillOperation.self, .init(identifiers: identifiers.map(WireServiceIdentifier.init), username: username)).credential.credential
    }

    public func credential(for id: UUID) throws(ServiceFailure) -> Credential {
        try call(CredentialOperation.self, WireItemID(itemID: id)).credential.credential
    }

    // MARK: - SiteCredentialService

    public func lookupSiteCredential(_ query: SiteCredentialQuery) throws(ServiceFailure) -> SiteCredentialMatch? {
        try call(LookupSiteCredentialOperation.self, .init(query: WireSiteCredentialQuery(query))).siteCredential?.match
    }

    @discardableResult
    public func saveSiteCredential(_ credential: SiteCredential) throws(ServiceFailure) -> ItemView {
        try call(SaveSiteCredentialOperation.self, .init(siteCredential: .init(credential))).view.itemView()
    }

    @discardableResult
    public func rejectSiteCredentials(_ query: SiteCredentialQuery) throws(ServiceFailure) -> [UUID] {
        try call(RejectSiteCredentialsOperation.self, .init(query: WireSiteCredentialQuery(query))).itemIDs
    }

    // MARK: - EquivalentsService

    public func equivalents() throws(ServiceFailure) -> EquivalentDomains {
        try call(EquivalentsOperation.self, NoFields()).equivalents.domains()
    }

    public func addEquivalents(_ domains: [String]) throws(ServiceFailure) -> EquivalentsChange {
        try call(AddEquivalentsOperation.self, .init(domains: domains)).change
    }

    public func removeEquivalents(_ domains: [String]?) throws(ServiceFailure) -> EquivalentsChange {
        try call(RemoveEquivalentsOperation.self, .init(domains: domains)).change
    }

    public func importEquivalents(_ groups: [EquivalentGroup]) throws(ServiceFailure) -> EquivalentsChange {
        try call(ImportEquivalentsOperation.self, .init(groups: groups.map(WireEquivalentGroup.init))).change
    }

    // MARK: - VaultPasskeys

    public func passkeys() throws(ServiceFailure) -> [PasskeyListing] {
        var listings: [PasskeyListing] = []
        for listing in try call(PasskeysOperation.self, NoFields()).passkeys { listings.append(try listing.listing()) }
        return listings
    }

    // MARK: - AutoTypeService

    public func autoTypeRules() throws(ServiceFailure) -> [AutoTypeRule] {
        try call(AutoTypeRulesOperation.self, NoFields()).autoTypeRules.map(\.rule)
    }

    @discardableResult
    public func addAutoTypeRule(_ rule: AutoTypeRule) throws(ServiceFailure) -> AutoTypeRule {
        try call(AddAutoTypeRuleOperation.self, .init(rule: WireAutoTypeRule(rule))).autoTypeRule.rule
    }

    @discardableResult
    public func removeAutoTypeRule(_ reference: String) throws(ServiceFailure) -> AutoTypeRule {
        try call(RemoveAutoTypeRuleOperation.self, .init(reference: reference)).autoTypeRule.rule
    }

    public func autoTypeCandidates(for window: AutoTypeWindow, site: String?) throws(ServiceFailure) -> [AutoTypeCandidate] {
        try call(AutoTypeCandidatesOperation.self, .init(window: WireAutoTypeWindow(window), site: site)).autoTypeCandidates
            .map(\.candidate)
    }

    // MARK: - MasterPasswordChanging

    /// Both passwords go in their own frames from secure memory, as an unlock's does; the agent re-verifies the
    /// current one behind its throttle.
    public func changeMasterPassword(current: SecureBytes, new: SecureBytes, kdfMemoryMiB: Int?, kdfPasses: Int?)
        throws(ServiceFailure)
    {
        _ = try call(ChangeMasterPasswordOperation.self, .init(kdfMemoryMiB: kdfMemoryMiB, kdfPasses: kdfPasses), secrets: [current, new])
    }

    // MARK: - VaultExporting

    public func export(masterPassword: SecureBytes) throws(ServiceFailure) -> VaultExport {
        try call(ExportOperation.self, NoFields(), secrets: [masterPassword]).export()
    }

    // MARK: - The agent itself

    /// Unlocks `vault` with the master password, which goes in its own frame from secure memory. When the agent
    /// already holds that vault unlocked, it checks the password and applies the new timeout.
    ///
    /// - Parameter idleTimeout: seconds without requests before the agent locks; nil for the agent's default.
    /// - Throws: `.wrongPassword`; `.unavailable` when the agent holds another vault unlocked.
    public func unlock(vault: String, password: SecureBytes, idleTimeout: TimeInterval? = nil) throws(ServiceFailure)
        -> AgentStatus
    {
        try agentCall(UnlockOperation.self, .init(idleTimeout: idleTimeout), vault: vault, secrets: [password])
    }

    /// Locks the agent's vault now.
    @discardableResult
    public func lock() throws(ServiceFailure) -> AgentStatus {
        try agentCall(LockOperation.self, NoFields())
    }

    /// The agent's state. (Named so as not to hide `VaultItems.status()`, the vault's own statistics.)
    public func agentStatus() throws(ServiceFailure) -> AgentStatus {
        try agentCall(StatusOperation.self, NoFields())
    }

    /// The agent's state; if it holds `vault` unlocked, also resets the idle timer, so the vault does not lock
    /// between this check and the requests that follow.
    public func attach(vault: String) throws(ServiceFailure) -> AgentStatus {
        try agentCall(AttachOperation.self, NoFields(), vault: vault)
    }

    /// Asks the agent to lock and exit; returns its last status.
    @discardableResult
    public func stop() throws(ServiceFailure) -> AgentStatus {
        let status = try agentCall(StopOperation.self, NoFields())
        isBroken = true
        return status
    }

    // MARK: - Exchange

    private func expectStatus(_ reply: WireReply) throws(ServiceFailure) -> AgentStatus {
        guard reply.type == .status, let status = reply.status else { throw Self.unexpectedReply }
        return status.agentStatus
    }

    /// Sends an operation on the agent itself (`vault`: the request's, if it names one) and reads the agent's
    /// state from its `status` reply.
    private func agentCall<Operation: ConnectionOperation>(
        _ operation: Operation.Type, _ request: Operation.Request, vault: String? = nil, secrets: [SecureBytes] = []
    ) throws(ServiceFailure) -> AgentStatus {
        guard !isBroken else { throw ServiceFailure(.unavailable, "The connection to the agent is closed.") }
        let id = nextID
        nextID += 1
        do throws(ServiceFailure) {
            var data = (try? WireCoding.encode(WireEnvelope(type: Operation.name, id: id, vault: vault, body: request))) ?? Data()
            defer { zeroize(&data) }
            try Self.write(data, secrets: secrets, on: socket, observer: frameObserver)
            return try expectStatus(Self.readReply(to: id, on: socket, timeout: replyTimeout, observer: frameObserver))
        } catch {
            if error.code == .unavailable || error.code == .protocolError { isBroken = true }
            throw error
        }
    }

    /// Writes one request frame and the secret frames that follow it.
    private static func write(_ data: Data, secrets: [SecureBytes], on socket: UnixSocket,
                              observer: ((Bool, [UInt8]) -> Void)?) throws(ServiceFailure)
    {
        do throws(SocketIOError) {
            observer?(true, [UInt8](data))
            try Frame.write(data, to: socket, until: .after(30))
            for secret in secrets {
                try secret.withUnsafeBytes { bytes in
                    Result { () throws(SocketIOError) in try Frame.write(bytes, to: socket, until: .after(30)) }
                }.get()
            }
        } catch {
            throw ServiceFailure(.unavailable, "The connection to the agent broke: \(error).")
        }
    }

    /// Sends several messages without secret frames in one write; the agent answers them in order.
    private static func write(_ messages: [WireRequest], on socket: UnixSocket, observer: ((Bool, [UInt8]) -> Void)?)
        throws(ServiceFailure)
    {
        var frames: [UInt8] = []
        defer { zeroize(&frames) }
        for message in messages {
            var data = (try? WireCoding.encode(message)) ?? Data()
            defer { zeroize(&data) }
            observer?(true, [UInt8](data))
            frames += Frame.header(length: data.count)
            frames += data
        }
        do throws(SocketIOError) {
            try frames.withUnsafeBytes { bytes in
                Result { () throws(SocketIOError) in try socket.writeAll(bytes, until: .after(30)) }
            }.get()
        } catch {
            throw ServiceFailure(.unavailable, "The connection to the agent broke: \(error).")
        }
    }

    /// Reads the reply to request `id`; an error reply is thrown.
    private static func readReply(
        to id: UInt64?, on socket: UnixSocket, timeout: TimeInterval, observer: ((Bool, [UInt8]) -> Void)?
    ) throws(ServiceFailure) -> WireReply {
        var bytes = try readFrame(on: socket, timeout: timeout, observer: observer)
        defer { zeroize(&bytes) }
        let reply: WireReply
        do {
            reply = try WireCoding.decode(WireReply.self, from: bytes)
        } catch {
            throw unreadable
        }
        try check(reply, answers: id)
        return reply
    }

    /// Reads one reply frame.
    private static func readFrame(on socket: UnixSocket, timeout: TimeInterval, observer: ((Bool, [UInt8]) -> Void)?)
        throws(ServiceFailure) -> [UInt8]
    {
        let bytes: [UInt8]
        do throws(SocketIOError) {
            bytes = try Frame.read(
                from: socket, limit: AgentProtocol.maximumReplyFrame, idle: .after(timeout), frameTimeout: 120)
        } catch .timedOut {
            throw ServiceFailure(.unavailable, "The agent did not answer within \(Int(timeout)) s.")
        } catch {
            throw ServiceFailure(.unavailable, "The connection to the agent broke: \(error).")
        }
        observer?(false, bytes)
        return bytes
    }

    /// Throws what an `error` reply says, and refuses a reply to another request.
    private static func check(_ reply: WireReply, answers id: UInt64?) throws(ServiceFailure) {
        if reply.id != nil && id != nil && reply.id != id {
            throw ServiceFailure(.protocolError, "The agent answered a different request.")
        }
        if reply.type == .error {
            let failure = reply.failure ?? ServiceFailure(.protocolError, "The agent reported an error without details.")
            // An error that closes the connection is the agent's verdict on the connection itself.
            if reply.closing == true && failure.code != .protocolError && failure.code != .unavailable {
                throw ServiceFailure(.unavailable, failure.message)
            }
            throw failure
        }
    }

    private static var unreadable: ServiceFailure {
        ServiceFailure(
            .protocolError,
            "The agent sent a reply this client cannot read; it may be another version (stop it with 'sesame agent --stop').")
    }

    // MARK: - Operations with a type of their own

    /// Sends `operation` for ``vault`` and reads its `result`: the one call behind every method of an operation in
    /// ``AgentOperations``.
    func call<Operation: AgentOperation>(
        _ operation: Operation.Type, _ request: Operation.Request, secrets: [SecureBytes] = []
    ) throws(ServiceFailure) -> Operation.Reply {
        try exchange(Operation.name, request, secrets: secrets)
    }

    /// The same for an operation the agent's connection serves itself (``ConnectionOperation``) that answers with
    /// a `result`.
    func call<Operation: ConnectionOperation>(
        _ operation: Operation.Type, _ request: Operation.Request, secrets: [SecureBytes] = []
    ) throws(ServiceFailure) -> Operation.Reply {
        try exchange(Operation.name, request, secrets: secrets)
    }

    private func exchange<Request: Codable & Sendable, Reply: Codable & Sendable>(
        _ name: String, _ request: Request, secrets: [SecureBytes]
    ) throws(ServiceFailure) -> Reply {
        guard let vault else { throw ServiceFailure(.invalidInput, "No vault was chosen for the agent's requests.") }
        guard !isBroken else { throw ServiceFailure(.unavailable, "The connection to the agent is closed.") }
        let id = nextID
        nextID += 1
        do throws(ServiceFailure) {
            var data = (try? WireCoding.encode(WireEnvelope(type: name, id: id, vault: vault, body: request))) ?? Data()
            defer { zeroize(&data) }
            try Self.write(data, secrets: secrets, on: socket, observer: frameObserver)
        } catch {
            if error.code == .unavailable || error.code == .protocolError { isBroken = true }
            throw error
        }
        return try readResult(Reply.self, id: id)
    }

    /// Reads the next frame of the reply to the last call, for an operation that answers in pieces (`match`).
    func nextResult<Operation: AgentOperation>(of operation: Operation.Type) throws(ServiceFailure) -> Operation.Reply {
        try readResult(Operation.Reply.self, id: nextID - 1)
    }

    /// Reads one `result` frame of the reply to request `id`; an error reply is thrown.
    private func readResult<Reply: Codable & Sendable>(_ reply: Reply.Type, id: UInt64) throws(ServiceFailure) -> Reply {
        do throws(ServiceFailure) {
            var bytes = try Self.readFrame(on: socket, timeout: replyTimeout, observer: frameObserver)
            defer { zeroize(&bytes) }
            let result: WireResult<Reply>
            do {
                result = try WireCoding.decode(WireResult<Reply>.self, from: bytes)
            } catch WireReplyError.refused(let reply) {
                try Self.check(reply, answers: id)
                throw Self.unexpectedReply
            } catch WireReplyError.notAResult {
                throw Self.unexpectedReply
            } catch {
                throw Self.unreadable
            }
            if result.id != nil && result.id != id {
                throw ServiceFailure(.protocolError, "The agent answered a different request.")
            }
            return result.body
        } catch {
            if error.code == .unavailable || error.code == .protocolError { isBroken = true }
            throw error
        }
    }

    private static var unexpectedReply: ServiceFailure {
        ServiceFailure(.protocolError, "The agent gave an unexpected answer.")
    }
}
