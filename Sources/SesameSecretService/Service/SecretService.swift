import CSDBus
import Foundation
import Glibc
import SesameAutoFill
import SesameCrypto
import SesameSecretAttributes
import SesameStore
import SesameTerminal

/// The freedesktop Secret Service on a bus, served from the vault: `org.freedesktop.secrets` with the objects
/// Service, Collection (the vault as `collection/login` and alias `default`; the in-memory `session`), Item,
/// Session and Prompt, their properties and signals. Every call gets an answer, errors included.
///
/// Runs on one thread (sd-bus is not thread-safe); prompts and confirmations run off it and post back.
public final class SecretService {
    public static let busName = "org.freedesktop.secrets"

    let bus: Bus
    let vault: any VaultAccess
    let confirmation: ClientConfirmation?
    let pinentry: Pinentry
    /// Where the service says what it refused and why (one line each, without secrets): standard error, which
    /// systemd's journal keeps for a service it started.
    let log: @Sendable (String) -> Void
    var sessions: [String: SecretSession] = [:]
    var prompts: [String: PendingPrompt] = [:]
    let memory = MemoryCollection()
    let lockedSearches = LockedSearches()
    var aliases: [String: CollectionName] = ["default": .login, "session": .session]
    var vaultLabel = "Sesame"
    private var nextSessionID = 1
    private var nextPromptID = 1
    var stopRequested = false
    let outbox: Outbox
    /// Answers that stay valid while one message is handled (a `GetAll` reads five properties of one item).
    var messageCache = MessageCache()

    struct MessageCache {
        var vault: (any SecretServiceVault)??
        var items: [UUID: AttributedItem?] = [:]
        var allItems: [AttributedItem]?
    }

    /// - Parameters:
    ///   - confirmation: with `--confirm`, who may read secrets; nil lets every client of this user read them.
    public convenience init(
        vault: any VaultAccess, confirmation: ClientConfirmation? = nil, pinentry: Pinentry = Pinentry(),
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(BusError) {
        try self.init(bus: Bus(), vault: vault, confirmation: confirmation, pinentry: pinentry, log: log)
    }

    init(bus: Bus, vault: any VaultAccess, confirmation: ClientConfirmation? = nil, pinentry: Pinentry,
         log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.bus = bus
        self.log = log
        outbox = Outbox(wakeDescriptor: bus.wakeDescriptor)
        self.vault = vault
        self.confirmation = confirmation
        self.pinentry = pinentry
    }

    /// Exports the objects and takes the name.
    ///
    /// - Throws: `BusError` naming the current owner when another program owns the name and `replace` is off
    ///   (or the owner does not let it go).
    public func start(replace: Bool) throws(BusError) {
        try register()
        switch try bus.requestName(Self.busName, replace: replace) {
        case .owned:
            break
        case .takenBy(let owner):
            throw BusError(
                "org.freedesktop.DBus.Error.AddressInUse",
                replace ? "\(owner) owns \(Self.busName) and does not let it go; stop it first."
                    : "\(owner) already provides \(Self.busName); stop it, or take its place with --replace.")
        }
    }

    /// Serves until the bus connection ends, the name is lost, or ``stop()`` is posted.
    public func run() throws(BusError) {
        try bus.run(until: { stopRequested }, beforeEachMessage: { messageCache = MessageCache() }, onWake: drainOutbox)
    }

    /// Ends ``run()`` soon; callable from any thread through this value.
    public var stopper: @Sendable () -> Void {
        let outbox = outbox
        return { outbox.send(.stop) }
    }

    // MARK: - Registration

    func register() throws(BusError) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        let handler: sd_bus_message_handler_t = { message, userdata, _ in
            guard let message, let userdata else { return 0 }
            return Unmanaged<SecretService>.fromOpaque(userdata).takeUnretainedValue().handle(BusMessage(handle: message))
        }
        let getter: sd_bus_property_get_t = { _, path, interface, property, reply, userdata, busError in
            guard let path, let interface, let property, let reply, let userdata else { return -EINVAL }
            let service = Unmanaged<SecretService>.fromOpaque(userdata).takeUnretainedValue()
            do throws(BusError) {
                try service.getProperty(String(cString: path), String(cString: interface), String(cString: property), into: BusMessage(handle: reply))
                return 1
            } catch {
                return sd_bus_error_set(busError, error.name, error.message)
            }
        }
        let setter: sd_bus_property_set_t = { _, path, interface, property, value, userdata, busError in
            guard let path, let interface, let property, let value, let userdata else { return -EINVAL }
            let service = Unmanaged<SecretService>.fromOpaque(userdata).takeUnretainedValue()
            do throws(BusError) {
                try service.setProperty(String(cString: path), String(cString: interface), String(cString: property), from: BusMessage(handle: value))
                return 1
            } catch {
                return sd_bus_error_set(busError, error.name, error.message)
            }
        }
        // Fallback vtables serve dynamic paths; the find callback says which paths are objects of that interface.
        let findCollection: sd_bus_object_find_t = { _, path, _, userdata, found, _ in
            SecretService.find(path, userdata, found) { object, _ in
                switch object { case .collection, .alias: true; default: false }
            }
        }
        // Every well-formed item path reaches the handlers, which answer `NoSuchObject` for one that names no item
        // (any more): the error SecretStorage and libsecret read as "not found".
        let findItem: sd_bus_object_find_t = { _, path, _, userdata, found, _ in
            SecretService.find(path, userdata, found) { object, _ in
                switch object {
                case .item, .lockedSearch: true
                default: false
                }
            }
        }
        let findSession: sd_bus_object_find_t = { _, path, _, userdata, found, _ in
            SecretService.find(path, userdata, found) { object, service in
                if case .session(let id) = object { return service.sessions[id] != nil }
                return false
            }
        }
        let findPrompt: sd_bus_object_find_t = { _, path, _, userdata, found, _ in
            SecretService.find(path, userdata, found) { object, service in
                if case .prompt(let id) = object { return service.prompts[id] != nil }
                return false
            }
        }
        let enumerate: sd_bus_node_enumerator_t = { _, _, userdata, nodes, _ in
            guard let userdata, let nodes else { return -EINVAL }
            let paths = Unmanaged<SecretService>.fromOpaque(userdata).takeUnretainedValue().allObjectPaths()
            let list = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: paths.count + 1)
            for (index, path) in paths.enumerated() { list[index] = strdup(path) }
            list[paths.count] = nil
            // sd-bus frees the list with free(); allocate(capacity:) is malloc on Linux.
            nodes.pointee = list
            return 1
        }
        typealias Root = SecretObject
        try bus.add(SecretInterfaces.service, at: Root.root, fallback: nil, userdata: me, handler: handler, getter: getter, setter: setter)
        for prefix in [Root.collectionPrefix, Root.aliasPrefix] {
            try bus.add(SecretInterfaces.collection, at: prefix, fallback: findCollection, userdata: me, handler: handler, getter: getter, setter: setter)
        }
        try bus.add(SecretInterfaces.item, at: Root.collectionPrefix, fallback: findItem, userdata: me, handler: handler, getter: getter, setter: setter)
        try bus.add(SecretInterfaces.session, at: Root.sessionPrefix, fallback: findSession, userdata: me, handler: handler, getter: getter, setter: setter)
        try bus.add(SecretInterfaces.prompt, at: Root.promptPrefix, fallback: findPrompt, userdata: me, handler: handler, getter: getter, setter: setter)
        try bus.addNodeEnumerator(at: Root.root, enumerate, userdata: me)
        // A client leaving the bus ends its sessions and prompts; losing our own name ends the service.
        let ownerChanged: sd_bus_message_handler_t = { message, userdata, _ in
            guard let message, let userdata else { return 0 }
            Unmanaged<SecretService>.fromOpaque(userdata).takeUnretainedValue().nameOwnerChanged(BusMessage(handle: message))
            return 0
        }
        try bus.addSignalMatch(
            sender: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "NameOwnerChanged", ownerChanged, userdata: me)
    }

    private static func find(
        _ path: UnsafePointer<CChar>?, _ userdata: UnsafeMutableRawPointer?,
        _ found: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ accepts: (SecretObject, SecretService) -> Bool
    ) -> Int32 {
        guard let path, let userdata else { return 0 }
        let service = Unmanaged<SecretService>.fromOpaque(userdata).takeUnretainedValue()
        guard let object = SecretObject.parse(String(cString: path), aliases: service.aliases), accepts(object, service) else {
            return 0
        }
        found?.pointee = userdata
        return 1
    }

    func nameOwnerChanged(_ message: BusMessage) {
        guard let name = try? message.readString(), let old = try? message.readString(),
              let new = try? message.readString()
        else { return }
        if name == Self.busName && old == bus.uniqueName && new != old {
            stopRequested = true  // replaced (--replace elsewhere): the other provider serves now
            return
        }
        guard name.hasPrefix(":"), new.isEmpty else { return }
        confirmation?.forget(name)
        sessions = sessions.filter { $0.value.owner != name }
        prompts = prompts.filter { $0.value.owner != name }
        lockedSearches.removeAll(ownedBy: name)
    }

    // MARK: - Dispatch

    /// Answers one method call; every path ends in a reply.
    func handle(_ call: BusMessage) -> Int32 {
        confirmation?.noteCall(call, service: self)
        do throws(BusError) {
            guard let object = SecretObject.parse(call.path, aliases: aliases) else { throw BusError.noSuchObject(call.path) }
            switch (object, call.interface) {
            case (.service, "org.freedesktop.Secret.Service"): try handleService(call)
            case (.collection(let name), "org.freedesktop.Secret.Collection"), (.alias(_, let name), "org.freedesktop.Secret.Collection"):
                try handleCollection(name, path: call.path, call)
            case (.item(let collection, let id), "org.freedesktop.Secret.Item"): try handleItem(collection, id, call)
            case (.lockedSearch(let id), "org.freedesktop.Secret.Item"): try handleItem(.login, try resolveLockedSearch(id), call)
            case (.session(let id), "org.freedesktop.Secret.Session"): try handleSession(id, call)
            case (.prompt(let id), "org.freedesktop.Secret.Prompt"): try handlePrompt(id, call)
            default: throw BusError.unknownMethod(call.member)
            }
        } catch {
            log("Refused \(call.interface).\(call.member) on \(call.path) from \(bus.describeOwner(of: call.sender)): \(error.name): \(error.message)")
            bus.replyError(to: call, error)
        }
        return 1
    }

    func newSessionPath() -> (id: String, path: String) {
        defer { nextSessionID += 1 }
        let id = String(nextSessionID)
        return (id, SecretObject.session(id).path)
    }

    func newPromptID() -> String {
        defer { nextPromptID += 1 }
        return String(nextPromptID)
    }

    func allObjectPaths() -> [String] {
        var paths = CollectionName.allCases.map(SecretObject.collectionPath)
        paths += aliases.keys.sorted().map { "\(SecretObject.aliasPrefix)/\($0)" }
        paths += memory.ids.map { SecretObject.itemPath(.session, $0) }
        paths += lockedSearches.ids.map { SecretObject.lockedSearch($0).path }
        if let items = try? vaultItems() { paths += items.map { SecretObject.itemPath(.login, SecretObject.itemID($0.id)) } }
        paths += sessions.keys.sorted().map { SecretObject.session($0).path }
        paths += prompts.keys.sorted().map { SecretObject.prompt($0).path }
        return paths
    }
}
