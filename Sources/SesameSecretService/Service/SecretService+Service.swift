import Foundation
import SesameAutoFill
import SesameCrypto

// MARK: - org.freedesktop.Secret.Service

extension SecretService {
    func handleService(_ call: BusMessage) throws(BusError) {
        switch call.member {
        case "OpenSession": try openSession(call)
        case "CreateCollection": try createCollection(call)
        case "SearchItems":
            let attributes = try call.readAttributes()
            var unlocked = try searchPaths(.session, attributes)
            var locked: [String] = []
            if isVaultLocked {
                locked = lockedSearchPaths(attributes, owner: call.sender)
            } else {
                unlocked += try searchPaths(.login, attributes)
            }
            try bus.reply(to: call) { reply throws(BusError) in
                try reply.append(objectPaths: unlocked)
                try reply.append(objectPaths: locked)
            }
        case "Unlock": try unlock(call)
        case "Lock": try lock(call)
        case "GetSecrets": try getSecrets(call)
        case "ReadAlias":
            let name = try call.readString()
            let path = aliases[name].map(SecretObject.collectionPath) ?? SecretObject.none
            try bus.reply(to: call) { reply throws(BusError) in try reply.appendObjectPath(path) }
        case "SetAlias":
            try setAlias(call)
        default:
            throw .unknownMethod(call.member)
        }
    }

    /// Aliases Sesame never moves: `default` is the vault and `session` the in-memory collection, whatever a client
    /// asks, so nothing a client stores through `default` can land outside the vault.
    static let fixedAliases: [String: CollectionName] = ["default": .login, "session": .session]

    /// `SetAlias` changes only what cannot take a secret out of the vault or out of the person's consent: the
    /// fixed aliases stay (setting one to its own collection succeeds, as clients that create `default` do), other
    /// aliases may name the vault or nothing, and with `--confirm` only a program allowed to read secrets may
    /// change one (asked as for a read).
    private func setAlias(_ call: BusMessage) throws(BusError) {
        let name = try call.readString()
        let path = try call.readObjectPath()
        guard !name.isEmpty, name.utf8.count <= 64, name.utf8.allSatisfy({ $0.isPathCharacter }) else {
            throw .invalidArgs("An alias is a non-empty name of letters, digits and '_'.")
        }
        var target: CollectionName?
        if path != SecretObject.none {
            guard case .collection(let collection)? = SecretObject.parse(path, aliases: aliases) else {
                throw .noSuchObject(path)
            }
            target = collection
        }
        if let fixed = Self.fixedAliases[name] {
            guard target == fixed else {
                throw .accessDenied("The alias '\(name)' always names \(fixed == .login ? "the vault" : "the session collection"); Sesame does not move it.")
            }
        } else if target == .session {
            throw .accessDenied("An alias may name only the vault: secrets stored through it must not end up in memory.")
        }
        if aliases[name] != target, let confirmation {
            guard try confirmation.mayRead(call, service: self) else { return }  // answered later, or refused
        }
        aliases[name] = target
        try bus.reply(to: call) { _ throws(BusError) in }
    }

    private func openSession(_ call: BusMessage) throws(BusError) {
        let name = try call.readString()
        guard let contents = try call.peekVariantContents() else { throw .invalidArgs("OpenSession needs an input.") }
        try call.enter("v", contents)
        guard let algorithm = SecretSession.Algorithm(rawValue: name) else {
            throw .notSupported("Sesame does not support the session algorithm '\(name.prefix(80))'; use 'plain' or 'dh-ietf1024-sha256-aes128-cbc-pkcs7'.")
        }
        guard sessions.values.count(where: { $0.owner == call.sender }) < BusBudget.sessionsPerClient else {
            throw .limitsExceeded("A client may hold \(BusBudget.sessionsPerClient) sessions at once; close some first.")
        }
        let (id, path) = newSessionPath()
        switch algorithm {
        case .plain:
            guard contents == "s" else { throw .invalidArgs("A plain session's input is a string.") }
            _ = try call.readString()
            sessions[id] = .plain(path: path, owner: call.sender)
            try bus.reply(to: call) { reply throws(BusError) in
                try reply.open("v", "s")
                try reply.append("")
                try reply.close()
                try reply.appendObjectPath(path)
            }
        case .dh:
            guard contents == "ay" else { throw .invalidArgs("A DH session's input is the client's public key (ay).") }
            let (session, publicKey) = try SecretSession.dh(path: path, owner: call.sender, clientPublicKey: try call.readBytes(limit: BusBudget.publicKeyBytes, what: "A DH public key"))
            sessions[id] = session
            try bus.reply(to: call) { reply throws(BusError) in
                try reply.open("v", "ay")
                try reply.append(bytes: publicKey)
                try reply.close()
                try reply.appendObjectPath(path)
            }
        }
    }

    /// Sesame serves one persistent collection, the vault; `default` (and an empty alias) names it, `session`
    /// the in-memory one. Any other alias would be a collection Sesame cannot keep.
    private func createCollection(_ call: BusMessage) throws(BusError) {
        try skipProperties(call)
        let alias = try call.readString()
        let collection: CollectionName
        switch alias {
        case "", "default", "login": collection = .login
        case "session": collection = .session
        default:
            if let existing = aliases[alias] {
                collection = existing
            } else {
                throw .notSupported("Sesame keeps one collection, the vault (alias 'default'), and the 'session' collection.")
            }
        }
        try bus.reply(to: call) { reply throws(BusError) in
            try reply.appendObjectPath(SecretObject.collectionPath(collection))
            try reply.appendObjectPath(SecretObject.none)
        }
    }

    func skipProperties(_ call: BusMessage) throws(BusError) {
        try call.enter("a", "{sv}")
        var entries = 0
        while try call.enterIfPresent("e", "sv") {
            entries += 1
            guard entries <= BusBudget.propertyEntries else { throw .propertiesOverBudget }
            _ = try call.readString()
            try call.skip()
            try call.exit()
        }
        try call.exit()
    }

    /// Whether a path belongs to the vault (and so waits for its unlock).
    func isVaultObject(_ path: String) -> Bool {
        switch SecretObject.parse(path, aliases: aliases) {
        case .collection(.login)?, .alias(_, .login)?, .item(.login, _)?, .lockedSearch?: true
        default: false
        }
    }

    /// `Unlock` answers at once what needs no password (in the order given, paths exactly as given, as go-keyring
    /// checks) and a prompt for the vault's objects while it is locked.
    private func unlock(_ call: BusMessage) throws(BusError) {
        let objects = try call.readStringArray("o")
        let known = objects.filter { SecretObject.parse($0, aliases: aliases) != nil }
        let waiting = isVaultLocked ? known.filter(isVaultObject) : []
        let unlocked = known.filter { !waiting.contains($0) }
        var promptPath = SecretObject.none
        if !waiting.isEmpty {
            guard prompts.values.count(where: { $0.owner == call.sender }) < BusBudget.promptsPerClient else {
                throw .limitsExceeded("A client may hold \(BusBudget.promptsPerClient) prompts at once; dismiss some first.")
            }
            let id = newPromptID()
            prompts[id] = PendingPrompt(owner: call.sender, objects: waiting)
            promptPath = SecretObject.prompt(id).path
        }
        try bus.reply(to: call) { reply throws(BusError) in
            try reply.append(objectPaths: unlocked)
            try reply.appendObjectPath(promptPath)
        }
    }

    /// `Lock` on any of the vault's objects locks the vault in the agent (for every program, Sesame included);
    /// the session collection cannot be locked.
    private func lock(_ call: BusMessage) throws(BusError) {
        let objects = try call.readStringArray("o")
        let vaultObjects = objects.filter(isVaultObject)
        if !vaultObjects.isEmpty {
            vault.lock()
            messageCache = MessageCache()
            for path in paths(of: .login) {
                bus.emitPropertiesChanged(path: path, interface: SecretInterfaces.collection.name, names: ["Locked"])
            }
        }
        try bus.reply(to: call) { reply throws(BusError) in
            try reply.append(objectPaths: vaultObjects)
            try reply.appendObjectPath(SecretObject.none)
        }
    }

    /// Secrets of the unlocked items among `items`; locked and unknown ones are left out, as the specification says.
    private func getSecrets(_ call: BusMessage) throws(BusError) {
        let paths = try call.readStringArray("o")
        let session = try session(at: try call.readObjectPath(), for: call)
        if let confirmation, paths.contains(where: yieldsSecretNow) {
            guard try confirmation.mayRead(call, service: self) else { return }  // answered later, or refused
        }
        var secrets: [(String, TransportSecret)] = []
        for path in paths {
            let item: (collection: CollectionName, id: String)
            switch SecretObject.parse(path, aliases: aliases) {
            case .item(let collection, let id)?: item = (collection, id)
            case .lockedSearch(let id)?:
                guard let resolved = try? resolveLockedSearch(id) else { continue }
                item = (.login, resolved)
            default: continue
            }
            guard let secret = try? readSecret(item.collection, item.id, session: session) else { continue }
            secrets.append((path, secret))
        }
        try bus.reply(to: call) { reply throws(BusError) in
            try reply.open("a", "{o(oayays)}")
            for (path, secret) in secrets {
                try reply.open("e", "o(oayays)")
                try reply.appendObjectPath(path)
                try reply.append(secret: secret)
                try reply.close()
            }
            try reply.close()
        }
    }

    /// Whether a path names an item whose secret a read would hand out now (`--confirm` asks first): one of the
    /// session collection, or of the vault while it is unlocked.
    private func yieldsSecretNow(_ path: String) -> Bool {
        if case .item(.session, _)? = SecretObject.parse(path, aliases: aliases) { return true }
        return isVaultObject(path) && !isVaultLocked
    }

    /// One item's secret, encrypted for `session`.
    func readSecret(_ collection: CollectionName, _ id: String, session: SecretSession) throws(BusError) -> TransportSecret {
        switch collection {
        case .session:
            guard let entry = memory.entries[id] else { throw .noSuchObject(SecretObject.itemPath(collection, id)) }
            return try session.encode(entry.secret, contentType: entry.contentType)
        case .login:
            guard let uuid = SecretObject.uuid(fromItemID: id), try vaultItem(uuid) != nil else {
                throw .noSuchObject(SecretObject.itemPath(collection, id))
            }
            let item = try withVault { vault throws(ServiceFailure) in try vault.reveal(uuid) }
            let secret = SecureBytes(utf8: item.password)
            return try session.encode(secret, contentType: "text/plain")
        }
    }
}

extension UInt8 {
    /// A character D-Bus allows in an object path element.
    var isPathCharacter: Bool {
        (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) || self == 0x5F
    }
}
