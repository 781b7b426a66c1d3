import Glibc
import SesameAgentLink
import SesameCommandContract
import SesameTerminalText

/// `sesame show ITEM [--reveal|-r] [--json] [--vault PATH] [--password-stdin]` served by the front: `resolve`, and
/// with `--reveal` a `reveal` of that one item on the same connection, as the full command asks; the same JSON
/// (`ItemJSON`) or text (``ItemCard``). A reference that names no item or several, and every error, are the full
/// CLI's.
struct FrontShow {
    var reference: String
    var reveal: Bool
    var json: Bool
    var vault: String?
    let environment: [String: String]

    init?(_ words: [String], environment: [String: String]) {
        guard words.first == FrontServedCommand.show.rawValue,
            let arguments = FrontArguments(
                words.dropFirst(), options: [FrontServedOption.reveal] + FrontArguments.common, positionals: 1...1)
        else { return nil }
        reference = arguments.positionals[0]
        reveal = arguments.has(.reveal)
        json = arguments.has(.json)
        vault = arguments.value(.vault)
        self.environment = environment
    }

    func run() -> Int32? {
        guard let (conversation, resolved) = FrontAgent.open(
                vault: vault, environment: environment, .resolve, Self.resolveFields(reference)),
            let view = resolved[FrontReply.Resolve.view], let item = ShownItem(view: view)
        else { return nil }
        var revealed: AgentJSON?
        if reveal {
            guard let wireID = view[FrontReply.ItemView.id]?.string,
                let reply = FrontAgent.send(conversation, .reveal, AgentJSON.members([FrontRequest.ItemID.itemID: .string(wireID)])),
                let whole = reply[FrontReply.Reveal.revealed]
            else { return nil }
            revealed = whole
        }
        guard let output = json ? item.json(revealed: revealed) : item.text(revealed: revealed, environment: environment) else {
            return nil
        }
        return FullProgram.writeAll(output, to: STDOUT_FILENO) ? 0 : 1
    }

    /// `resolve` of a reference among the active items, as `show` and `totp` ask it.
    static func resolveFields(_ reference: String) -> [String: AgentJSON] {
        AgentJSON.members([
            FrontRequest.Resolve.reference: .string(reference), .states: .array([.string(FrontRequest.ItemState.active.rawValue)]),
        ])
    }
}

/// An item the agent showed (`WireItemView`), in the values `sesame show` prints.
private struct ShownItem {
    var id: String
    var title: String
    var username: String
    var hasPassword: Bool
    var urls: [(url: String, mode: String)]
    var fields: [(name: String, value: String?, protected: Bool)]
    var tags: [String]
    var matchMode: String
    var created: Double
    var modified: Double
    var expires: Double?
    var historyCount: Int
    var notes: String
    var hasOneTimeCode: Bool
    var passkeys: [Passkey]

    /// A passkey the view names (`WirePasskeySummary`): no key; dates formatted as the CLI prints them.
    struct Passkey {
        var credentialID: String
        var relyingParty: String
        var userHandle: String
        var userName: String
        var userDisplayName: String
        var backupEligible: Bool
        var backedUp: Bool
        /// The counter as the agent wrote it (a `UInt32`).
        var signCount: String
        var created: String
        var lastUsed: String?

        init?(_ value: AgentJSON) {
            typealias Key = FrontReply.PasskeySummary
            guard let credentialID = value[Key.credentialID]?.string, let relyingParty = value[Key.relyingParty]?.string,
                let userHandle = value[Key.userHandle]?.string, let userName = value[Key.userName]?.string,
                let userDisplayName = value[Key.userDisplayName]?.string, let backupEligible = value[Key.backupEligible]?.bool,
                let backedUp = value[Key.backedUp]?.bool, case .number(let signCount) = value[Key.signCount],
                UInt32(signCount) != nil, let created = ShownItem.seconds(value[Key.created]).flatMap(ISO8601Text.dateTime)
            else { return nil }
            self.credentialID = credentialID
            self.relyingParty = relyingParty
            self.userHandle = userHandle
            self.userName = userName
            self.userDisplayName = userDisplayName
            self.backupEligible = backupEligible
            self.backedUp = backedUp
            self.signCount = signCount
            self.created = created
            if let lastUsed = value[Key.lastUsed], lastUsed != .null {
                guard let text = ShownItem.seconds(lastUsed).flatMap(ISO8601Text.dateTime) else { return nil }
                self.lastUsed = text
            }
        }

        /// `PasskeyJSON`: the key only when revealed, `lastUsed` only when there is one.
        func json(privateKey: String?) -> AgentJSON {
            var object: [CommandJSON.Passkey: AgentJSON] = [
                .relyingParty: .string(relyingParty), .userName: .string(userName),
                .userDisplayName: .string(userDisplayName), .credentialID: .string(credentialID),
                .userHandle: .string(userHandle), .backupEligible: .bool(backupEligible), .backedUp: .bool(backedUp),
                .signCount: .number(signCount), .created: .string(created),
            ]
            if let lastUsed { object[.lastUsed] = .string(lastUsed) }
            if let privateKey { object[.privateKey] = .string(privateKey) }
            return .object(named: object)
        }
    }

    init?(view: AgentJSON) {
        typealias Key = FrontReply.ItemView
        guard let id = FrontOutput.id(view[Key.id]), let title = view[Key.title]?.string,
            let username = view[Key.username]?.string, let hasPassword = view[Key.hasPassword]?.bool,
            case .array(let urls) = view[Key.urls], case .array(let fields) = view[Key.fields],
            let tags = FrontOutput.strings(view[Key.tags]), let matchMode = view[Key.matchMode]?.string,
            let created = Self.seconds(view[Key.created]), let modified = Self.seconds(view[Key.modified]),
            let historyCount = view[Key.passwordHistoryCount]?.int, let notes = view[Key.notes]?.string
        else { return nil }
        self.id = id
        self.title = title
        self.username = username
        self.hasPassword = hasPassword
        self.tags = tags
        self.matchMode = matchMode
        self.created = created
        self.modified = modified
        self.historyCount = historyCount
        self.notes = notes
        // The agent sends the flag only when it is true.
        hasOneTimeCode = view[Key.hasOneTimeCode]?.bool ?? false
        if let expires = view[Key.expires], expires != .null {
            guard let seconds = Self.seconds(expires) else { return nil }
            self.expires = seconds
        }
        self.urls = []
        for url in urls {
            guard let text = url[FrontReply.ItemURL.url]?.string else { return nil }
            let own = url[FrontReply.ItemURL.match]?.string
            // `Item.matchMode(for:)`: the item's "never" wins, else the URL's own mode, else the item's.
            let never = FrontReply.MatchMode.never.rawValue
            self.urls.append((text, matchMode == never ? never : own ?? matchMode))
        }
        self.fields = []
        for field in fields {
            guard let name = field[FrontReply.Field.name]?.string, let protected = field[FrontReply.Field.protected]?.bool else {
                return nil
            }
            self.fields.append((name, field[FrontReply.Field.value]?.string, protected))
        }
        // Absent when the item has none.
        passkeys = []
        if let listed = view[Key.passkeys] {
            guard case .array(let listed) = listed else { return nil }
            for passkey in listed {
                guard let passkey = Passkey(passkey) else { return nil }
                passkeys.append(passkey)
            }
        }
    }

    fileprivate static func seconds(_ value: AgentJSON?) -> Double? {
        guard case .number(let text) = value, let seconds = Double(text), ISO8601Text.dateTime(seconds) != nil else { return nil }
        return seconds
    }

    /// The revealed item's password, fields and history, as `ItemJSON` takes them.
    private struct Secrets {
        var password: String
        var fields: [(name: String, value: String, protected: Bool)]
        var history: [(password: String, replaced: String)]
        var oneTimeCode: String?
        /// Each passkey's private key as PEM text, in the item's order.
        var privateKeys: [ItemCard.PrivateKey]

        init?(_ item: AgentJSON) {
            typealias Key = FrontReply.Item
            guard let password = item[Key.password]?.string, case .array(let fields) = item[Key.fields],
                case .array(let history) = item[Key.passwordHistory]
            else { return nil }
            self.password = password
            oneTimeCode = item[Key.oneTimeCode]?.string
            self.fields = []
            for field in fields {
                guard let name = field[FrontReply.Field.name]?.string, let value = field[FrontReply.Field.value]?.string,
                    let protected = field[FrontReply.Field.protected]?.bool
                else { return nil }
                self.fields.append((name, value, protected))
            }
            self.history = []
            for entry in history {
                guard let password = entry[FrontReply.HistoryEntry.password]?.string,
                    case .number(let text) = entry[FrontReply.HistoryEntry.replaced],
                    let seconds = Double(text), let replaced = ISO8601Text.dateTime(seconds)
                else { return nil }
                self.history.append((password, replaced))
            }
            privateKeys = []
            if let passkeys = item[Key.passkeys] {
                guard case .array(let passkeys) = passkeys else { return nil }
                for passkey in passkeys {
                    guard let id = passkey[FrontReply.Passkey.credentialID]?.string,
                        let relyingParty = passkey[FrontReply.Passkey.relyingParty]?.string,
                        let key = passkey[FrontReply.Passkey.privateKey]?.string, let pem = FrontPEM.privateKeyText(base64URL: key)
                    else { return nil }
                    privateKeys.append(ItemCard.PrivateKey(relyingParty: relyingParty, credentialID: id, pemText: pem))
                }
            }
        }
    }

    /// `ItemJSON`: `password` and `passwordHistory` only when revealed, a field's value only when known, `passkeys`
    /// only when there are some (their keys only when revealed).
    func json(revealed: AgentJSON?) -> [UInt8]? {
        let secrets = revealed.flatMap(Secrets.init)
        if revealed != nil && secrets == nil { return nil }
        var object: [CommandJSON.Item: AgentJSON] = [
            .id: .string(id), .title: .string(title), .username: .string(username), .notes: .string(notes),
            .urls: .array(urls.map { .object(named: [CommandJSON.ItemURL.url: .string($0.url), .match: .string($0.mode)]) }),
            .tags: .array(tags.map(AgentJSON.string)), .match: .string(matchMode),
            .created: .string(ISO8601Text.dateTime(created)!), .modified: .string(ISO8601Text.dateTime(modified)!),
            .hasOneTimeCode: .bool(hasOneTimeCode),
        ]
        if let expires { object[.expires] = .string(ISO8601Text.dateTime(expires)!) }
        if !passkeys.isEmpty {
            object[.passkeys] = .array(passkeys.map { passkey in
                passkey.json(privateKey: secrets?.privateKeys.first { $0.credentialID == passkey.credentialID }?.pemText)
            })
        }
        if let secrets {
            object[.password] = .string(secrets.password)
            if let code = secrets.oneTimeCode { object[.oneTimeCode] = .string(code) }
            object[.fields] = .array(secrets.fields.map {
                .object(named: [CommandJSON.Field.name: .string($0.name), .value: .string($0.value), .protected: .bool($0.protected)])
            })
            object[.passwordHistory] = .array(secrets.history.map {
                .object(named: [CommandJSON.HistoryEntry.password: .string($0.password), .replaced: .string($0.replaced)])
            })
        } else {
            object[.fields] = .array(fields.map { field in
                var entry: [CommandJSON.Field: AgentJSON] = [.name: .string(field.name), .protected: .bool(field.protected)]
                if let value = field.value { entry[.value] = .string(value) }
                return .object(named: entry)
            })
        }
        return FrontOutput.json(.object(named: object))
    }

    /// ``ItemCard``, bold where standard output takes colour.
    func text(revealed: AgentJSON?, environment: [String: String]) -> [UInt8]? {
        let secrets = revealed.flatMap(Secrets.init)
        if revealed != nil && secrets == nil { return nil }
        let card = ItemCard(
            id: id, title: title, username: username, password: secrets?.password, hasPassword: hasPassword, urls: urls,
            fields: secrets?.fields.map { ItemCard.Field(name: $0.name, value: $0.value) }
                ?? fields.map { ItemCard.Field(name: $0.name, value: $0.value) },
            tags: tags, matchMode: matchMode, expires: expires.flatMap(ISO8601Text.dateTime),
            modified: ISO8601Text.dateTime(modified)!, created: ISO8601Text.dateTime(created)!, history: secrets?.history,
            historyCount: historyCount, notes: notes, hasOneTimeCode: hasOneTimeCode, oneTimeCode: secrets?.oneTimeCode,
            passkeys: passkeys.map {
                ItemCard.Passkey(relyingParty: $0.relyingParty, userName: $0.userName, credentialID: $0.credentialID,
                                 created: $0.created, lastUsed: $0.lastUsed)
            },
            privateKeys: secrets?.privateKeys ?? [])
        return Array(card.render(style: FrontOutput.style(environment)).utf8)
    }
}
