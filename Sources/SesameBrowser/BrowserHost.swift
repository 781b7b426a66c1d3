import Foundation
import SesameAutoFill
import SesameBrowserAccess
import SesameCrypto
import SesameDomains
import SesameStore

/// The native-messaging host's side of the KeePassXC-Browser protocol: one instance per browser connection. It
/// decrypts each request, runs its action against the vault in the agent (`BrowserBackend`) and writes the
/// encrypted reply. Replies carry the request's nonce plus one, inside and outside, so the extension matches them
/// whatever their order: an `associate` waits for the user on a thread of its own while other requests go on.
public final class BrowserHost: @unchecked Sendable {
    // @unchecked: `proven`, `offered`, `hashCache` and `associationHeld` are guarded by `lock`; output by `outputLock`; the session and the
    // backend are thread-safe.

    /// The KeePassXC version the extension gates features on: 2.6.1 enables one-time codes, 2.7.0 request-autotype.
    public static let protocolVersion = "2.7.9"
    /// Sesame has no groups; the extension is shown one, named after the app.
    static let groupName = "Sesame"

    let backend: any BrowserBackend
    let consent: any PasskeyConsent
    private let origin: String
    private let output: @Sendable ([UInt8]) -> Void
    private let session = BrowserSession()
    private let lock = NSLock()
    /// Associations proven in this session (by associate, test-associate or get-logins): set-login names only
    /// the association's id, so its key comes from here.
    private var proven: [String: String] = [:]
    /// The logins `get-logins` handed out in this session, with the page and association they were offered for:
    /// `get-totp` names only a uuid, and answers only for these.
    private var offered: [UUID: OfferedLogin] = [:]
    private var hashCache: String?
    /// Whether an `associate` is waiting for the user.
    private var associationHeld = false
    /// Whether a passkey request is waiting for the person's confirmation.
    private var passkeyQuestionHeld = false
    private let outputLock = NSLock()
    private let held = DispatchGroup()

    /// - Parameters:
    ///   - origin: who the browser says is calling (Firefox: the extension id; Chromium: its origin), shown
    ///     beside an association request.
    ///   - consent: asks the person before a page makes or uses a passkey.
    ///   - output: writes one framed message to the browser.
    public init(
        backend: any BrowserBackend, consent: any PasskeyConsent, origin: String,
        output: @escaping @Sendable ([UInt8]) -> Void
    ) {
        self.backend = backend
        self.consent = consent
        self.origin = origin
        self.output = output
    }

    /// Waits until every held request has answered. The host itself exits at end of input; the BrowserMessage fuzz
    /// target calls this after each input, so that no input finds another's association request still waiting.
    public func waitForHeldRequests() {
        held.wait()
    }

    // MARK: - Requests

    /// Answers one message from the browser (its JSON bytes).
    public func handle(_ bytes: [UInt8]) {
        let envelope: BrowserMessage
        do {
            envelope = try BrowserMessage.parse(bytes)
        } catch .overBudget(let violation) {
            return fail("", .emptyMessageReceived, requestID: nil, text: violation.message)
        } catch {
            return fail("", .emptyMessageReceived, requestID: nil)
        }
        let action = envelope.action ?? ""
        if action == "change-public-keys" { return changePublicKeys(envelope) }
        guard Self.encryptedActions.contains(action) else {
            return fail(action, .incorrectAction, requestID: envelope.requestID)
        }
        guard let box = envelope.message, !box.isEmpty else {
            return fail(action, .emptyMessageReceived, requestID: envelope.requestID)
        }
        let plain: [UInt8]
        do {
            plain = try session.open(message: box, nonce: envelope.nonce ?? "")
        } catch .noClientKey {
            return fail(action, .clientPublicKeyNotReceived, requestID: envelope.requestID)
        } catch .replayedNonce {
            return fail(action, .cannotDecryptMessage, requestID: envelope.requestID,
                        text: "The request's nonce was used before; it is refused as a replay.")
        } catch {
            return fail(action, .cannotDecryptMessage, requestID: envelope.requestID)
        }
        var decrypted = plain
        defer { zeroize(&decrypted) }
        let request: BrowserMessage
        do {
            request = try BrowserMessage.parse(decrypted)
        } catch .overBudget(let violation) {
            return fail(action, .cannotDecryptMessage, requestID: envelope.requestID, text: violation.message)
        } catch {
            return fail(action, .cannotDecryptMessage, requestID: envelope.requestID)
        }
        let nonce = Array(Data(base64Encoded: envelope.nonce ?? "") ?? Data())
        let reply = Reply(action: action, nonce: nonce, requestID: envelope.requestID ?? request.requestID)
        perform(action, request, reply)
    }

    static let encryptedActions: Set<String> = [
        "get-databasehash", "associate", "test-associate", "get-logins", "set-login", "generate-password", "get-totp",
        "lock-database", "request-autotype", "get-database-groups", "create-new-group", "passkeys-register",
        "passkeys-get",
    ]

    struct OfferedLogin {
        var association: String
        var url: String
        var submitURL: String?
    }

    /// What every answer to one request needs.
    struct Reply {
        var action: String
        var nonce: [UInt8]
        var requestID: String?
    }

    func perform(_ action: String, _ request: BrowserMessage, _ reply: Reply) {
        do throws(ServiceFailure) {
            switch action {
            case "request-autotype":
                // The extension names the page's base domain; Auto-Type types that site's login into the focused
                // window (the browser's), as KeePassXC's global Auto-Type does.
                guard let site = request.search, (try? ServiceURL(parsing: site)) != nil else {
                    return fail(reply, .noURLProvided)
                }
                _ = try hash()
                // Only for a browser this session knows to be associated (the extension tests its association on
                // connecting), and still is: typing a login is as much as handing it out.
                guard let association = lock.withLock({ proven.first }),
                      try backend.call({ vault throws(ServiceFailure) in
                          try vault.testBrowserAssociation(BrowserKey(id: association.key, key: association.value))
                      })
                else {
                    return fail(reply, .associationFailed, text: "Auto-Type is started only for an associated browser.")
                }
                try backend.requestAutoType(site: site)
                send(reply, [:])
            case "get-databasehash":
                send(reply, ["hash": try hash()])
            case "associate":
                try associate(request, reply)
            case "test-associate":
                guard let id = request.id, let key = request.key else { return fail(reply, .associationFailed) }
                let matched = try backend.call { vault throws(ServiceFailure) in
                    try vault.testBrowserAssociation(BrowserKey(id: id, key: key))
                }
                guard matched else { return fail(reply, .associationFailed) }
                remember(id, key)
                send(reply, ["hash": try hash(checked: false), "id": id])
            case "get-logins":
                try getLogins(request, reply)
            case "set-login":
                try setLogin(request, reply)
            case "generate-password":
                _ = try hash()  // a locked vault answers error 1, as for every other action
                send(reply, ["password": try PasswordGenerator().generate()])
            case "get-totp":
                try getOneTimeCode(request, reply)
            case "lock-database":
                _ = try hash()
                try backend.lock()
                send(reply, [:])
            case "get-database-groups":
                let hash = try hash()
                let group: [String: Any] = ["name": Self.groupName, "uuid": String(hash.prefix(32)), "children": [Any]()]
                send(reply, ["groups": ["groups": [group]], "defaultGroup": Self.groupName])
            case "passkeys-register":
                try registerPasskey(request, reply)
            case "passkeys-get":
                try getPasskey(request, reply)
            case "create-new-group":
                _ = try hash()
                fail(reply, .cannotCreateNewGroup, text: "Sesame has no groups; use tags instead.")
            default:
                fail(reply, .incorrectAction)
            }
        } catch {
            fail(reply, error)
        }
    }

    /// A request that failed in the vault or the agent: error 1 when the vault is locked or the agent is not there.
    func fail(_ reply: Reply, _ error: ServiceFailure) {
        fail(reply, error.code == .locked || error.code == .unavailable ? .databaseNotOpened : .actionCancelledOrDenied,
             text: error.code == .locked ? nil : error.message)
    }

    /// Asks `question` on a thread of its own, one question at a time per browser (a second is refused at once
    /// rather than stacked behind the first), then hands the answer to `then` on that thread. The next question may
    /// start as soon as this one is answered, before `then` replies: the page may send its next request the moment
    /// the reply arrives. The fuzz target and tests wait for the thread with `waitForHeldRequests`.
    func holdForPasskeyQuestion(
        _ question: @escaping @Sendable () -> PasskeyConsentAnswer,
        then answered: @escaping @Sendable (PasskeyConsentAnswer) -> Void
    ) -> Bool {
        guard lock.withLock({ () -> Bool in
            guard !passkeyQuestionHeld else { return false }
            passkeyQuestionHeld = true
            return true
        }) else { return false }
        held.enter()
        Thread.detachNewThread { [self] in
            defer { held.leave() }
            let answer = question()
            lock.withLock { passkeyQuestionHeld = false }
            answered(answer)
        }
        return true
    }

    // MARK: - Actions

    private func changePublicKeys(_ envelope: BrowserMessage) {
        guard let clientKey = envelope.publicKey.flatMap({ Data(base64Encoded: $0) }),
              clientKey.count == PublicKeyBox.keyByteCount,
              let nonce = envelope.nonce.flatMap({ Data(base64Encoded: $0) }), nonce.count == PublicKeyBox.nonceByteCount
        else { return fail("change-public-keys", .keyChangeFailed, requestID: envelope.requestID) }
        let hostKey = session.changeKeys(clientKey: Array(clientKey))
        lock.withLock {
            proven.removeAll()
            offered.removeAll()
        }
        let next = PublicKeyBox.increment(Array(nonce))
        emit([
            "action": "change-public-keys", "publicKey": Data(hostKey).base64EncodedString(),
            "nonce": Data(next).base64EncodedString(), "version": Self.protocolVersion, "success": "true",
        ])
    }

    /// Held until the user answers with `sesame browser allow|deny`, on a thread of its own.
    private func associate(_ request: BrowserMessage, _ reply: Reply) throws(ServiceFailure) {
        guard let key = request.idKey, let bytes = Data(base64Encoded: key), bytes.count == PublicKeyBox.keyByteCount
        else { return fail(reply, .associationFailed) }
        _ = try hash()  // a locked vault answers at once
        // One request waits per host (a thread and an agent connection each): the agent keeps one per requester
        // anyway, and a burst must not open hundreds of connections to it.
        guard lock.withLock({ () -> Bool in
            guard !associationHeld else { return false }
            associationHeld = true
            return true
        }) else {
            return fail(reply, .actionCancelledOrDenied, text: "An association request of this browser is waiting already; answer it first.")
        }
        held.enter()
        let origin = origin
        Thread.detachNewThread { [self] in
            defer {
                lock.withLock { associationHeld = false }
                held.leave()
            }
            do throws(ServiceFailure) {
                let (association, hash) = try backend.requestAssociation(key: key, origin: origin)
                remember(association.name, key)
                send(reply, ["hash": hash, "id": association.name])
            } catch {
                fail(reply, error.code == .locked ? .databaseNotOpened : .actionCancelledOrDenied, text: error.message)
            }
        }
    }

    private func getLogins(_ request: BrowserMessage, _ reply: Reply) throws(ServiceFailure) {
        guard let url = request.url, !url.isEmpty else { return fail(reply, .noURLProvided) }
        let keys = request.keys ?? []
        let hash = try hash(checked: false)
        let found: BrowserLogins
        do throws(ServiceFailure) {
            found = try backend.call { vault throws(ServiceFailure) in
                try vault.browserLogins(BrowserLoginQuery(url: url, submitURL: request.submitUrl, keys: keys))
            }
        } catch where error.code == .notFound {
            return fail(reply, .associationFailed)
        }
        if let key = keys.first(where: { $0.id == found.association }) { remember(key.id, key.key) }
        guard !found.logins.isEmpty else { return fail(reply, .noLoginsFound) }
        let page = OfferedLogin(association: found.association, url: url, submitURL: request.submitUrl)
        lock.withLock { for login in found.logins { offered[login.id] = page } }
        let entries: [[String: Any]] = found.logins.map { login in
            var entry: [String: Any] = [
                "login": login.username, "name": login.title, "password": login.password,
                "uuid": Self.hex(login.id), "group": Self.groupName, "stringFields": [Any](),
            ]
            if login.expired { entry["expired"] = "true" }
            // The current code, as KeePassXC sends it; the extension shows its one-time-code icon for it and asks
            // get-totp for a fresh one when it fills.
            if let code = login.oneTimeCode { entry["totp"] = code }
            return entry
        }
        send(reply, ["count": entries.count, "entries": entries, "hash": hash, "id": found.association])
    }

    /// Only for a login `get-logins` offered in this session, asked of the agent with the page and association it
    /// was offered for: the agent checks both again.
    private func getOneTimeCode(_ request: BrowserMessage, _ reply: Reply) throws(ServiceFailure) {
        _ = try hash()  // a locked vault answers error 1 whatever the uuid
        guard let itemID = request.uuid.flatMap(Self.itemID) else { return fail(reply, .noValidUUIDProvided) }
        guard let page = lock.withLock({ offered[itemID] }) else {
            return fail(reply, .noValidUUIDProvided, text: "No login offered to this browser in this session has that uuid.")
        }
        guard let key = lock.withLock({ proven[page.association] }) else { return fail(reply, .associationFailed) }
        let query = BrowserOneTimeCodeQuery(url: page.url, submitURL: page.submitURL, itemID: itemID,
                                            key: BrowserKey(id: page.association, key: key))
        let code: OneTimeCode?
        do throws(ServiceFailure) {
            code = try backend.call { vault throws(ServiceFailure) in try vault.browserOneTimeCode(query) }
        } catch where error.code == .notFound {
            return fail(reply, .associationFailed)
        } catch where error.code == .noMatch {
            return fail(reply, .noValidUUIDProvided, text: error.message)
        } catch where error.code == .invalidInput {
            return fail(reply, .noLoginsFound, text: error.message)
        }
        guard let code else { return fail(reply, .noLoginsFound, text: "This login has no one-time code.") }
        send(reply, ["totp": code.code])
    }

    private func setLogin(_ request: BrowserMessage, _ reply: Reply) throws(ServiceFailure) {
        guard let url = request.url, !url.isEmpty else { return fail(reply, .noURLProvided) }
        let hash = try hash()
        guard let id = request.id, let key = lock.withLock({ proven[id] }) else { return fail(reply, .associationFailed) }
        var itemID: UUID?
        if let uuid = request.uuid, !uuid.isEmpty {
            guard let parsed = Self.itemID(uuid) else { return fail(reply, .noValidUUIDProvided) }
            itemID = parsed
        }
        let login = BrowserLoginSave(
            url: url, submitURL: request.submitUrl, username: request.login ?? "", password: request.password ?? "",
            itemID: itemID, key: BrowserKey(id: id, key: key))
        do throws(ServiceFailure) {
            try backend.call { vault throws(ServiceFailure) in _ = try vault.saveBrowserLogin(login) }
        } catch where error.code == .notFound && itemID != nil {
            return fail(reply, .noValidUUIDProvided, text: error.message)
        }
        send(reply, ["error": "success", "hash": hash])
    }

    // MARK: - Helpers

    /// The vault's hash. Asked of the agent even when known (`checked`), since the answer also says whether the
    /// vault is unlocked; an action whose next vault call answers that anyway passes false and saves a round trip.
    func hash(checked: Bool = true) throws(ServiceFailure) -> String {
        if let cached = lock.withLock({ hashCache }), !checked { return cached }
        let hash = try backend.call { vault throws(ServiceFailure) in try vault.browserDatabaseHash() }
        lock.withLock { hashCache = hash }
        return hash
    }

    private func remember(_ id: String, _ key: String) {
        lock.withLock { proven[id] = key }
    }

    /// An item's id as the extension keeps it: 32 lowercase hex digits, unique per entry.
    static func hex(_ id: UUID) -> String {
        id.uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    }

    static func itemID(_ hex: String) -> UUID? {
        let digits = Array(hex.lowercased())
        guard digits.count == 32, digits.allSatisfy(\.isHexDigit) else { return nil }
        let text = String(digits)
        var dashed = ""
        for (index, part) in [8, 4, 4, 4, 12].enumerated() {
            let start = [0, 8, 12, 16, 20][index]
            dashed += (index > 0 ? "-" : "") + text.dropFirst(start).prefix(part)
        }
        return UUID(uuidString: dashed)
    }

    /// Encrypts `fields` (with version, success and the incremented nonce) and sends them.
    func send(_ reply: Reply, _ fields: [String: Any]) {
        let next = PublicKeyBox.increment(reply.nonce)
        let nonce = Data(next).base64EncodedString()
        var body = fields
        body["version"] = Self.protocolVersion
        body["success"] = "true"
        body["nonce"] = nonce
        guard var plain = Self.json(body) else { return fail(reply, .cannotEncryptMessage) }
        defer { zeroize(&plain) }
        guard let box = try? session.seal(plain, nonce: next) else { return fail(reply, .cannotEncryptMessage) }
        var outer: [String: Any] = ["action": reply.action, "message": box, "nonce": nonce]
        if let requestID = reply.requestID { outer["requestID"] = requestID }
        emit(outer)
    }

    func fail(_ reply: Reply, _ code: BrowserErrorCode, text: String? = nil) {
        fail(reply.action, code, requestID: reply.requestID, text: text)
    }

    /// Errors go in clear, without a nonce, as KeePassXC sends them.
    private func fail(_ action: String, _ code: BrowserErrorCode, requestID: String?, text: String? = nil) {
        var outer: [String: Any] = ["action": action, "errorCode": String(code.rawValue), "error": text ?? code.message]
        if let requestID { outer["requestID"] = requestID }
        emit(outer)
    }

    private func emit(_ message: [String: Any]) {
        guard var bytes = Self.json(message), bytes.count <= NativeMessageReader.maximumLength else {
            return fail(message["action"] as? String ?? "", .cannotEncryptMessage, requestID: nil,
                        text: "The reply exceeds the 1 MiB a browser accepts.")
        }
        defer { zeroize(&bytes) }
        var framed = NativeMessageReader.frame(bytes)
        defer { zeroize(&framed) }
        outputLock.withLock { output(framed) }
    }

    static func json(_ object: [String: Any]) -> [UInt8]? {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            .map(Array.init)
    }
}
