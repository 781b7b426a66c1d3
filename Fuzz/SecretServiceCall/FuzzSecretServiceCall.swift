import CSDBus
import Foundation
import FuzzSupport
import Glibc
import SesameAutoFill
import SesameCrypto
import SesameDomains
@testable import SesameSecretService
import SesameSecretAttributes
import SesameStore

/// Whole method calls, as the vtable shim hands them to the service: the bytes become a sequence of calls (object
/// path, interface, member, sender, typed arguments of any shape) and events (a prompt finishing, a client leaving
/// the bus, the vault locking), driven through `SecretService.handle` and the property getter and setter. Each
/// input gets a fresh service on its own unconnected bus and a fresh copy of a small vault, so inputs do not leak
/// into each other. Nothing may crash, nothing a client sends while the vault is locked may change it, and no call
/// moves `default` away from the vault or points another alias at the in-memory collection.
@main
enum FuzzSecretServiceCall {
    static func main() {
        let fixture = CallFixture()
        LibFuzzer.run { bytes in fixture.run(FuzzBytes(Array(bytes))) }
    }
}

/// The vault behind the service, in this process; `locked` is the agent's state.
final class FuzzVaultAccess: VaultAccess {
    let service: LocalVaultService
    var locked: Bool

    init(service: LocalVaultService, locked: Bool) {
        self.service = service
        self.locked = locked
    }

    func unlockedVault() -> (any SecretServiceVault)? { locked ? nil : service }
    func reset() {}
    func lock() { locked = true }
    func makeUnlocker() -> @Sendable (SecureBytes) throws(ServiceFailure) -> Void {
        { _ throws(ServiceFailure) in throw ServiceFailure(.unavailable, "No agent while fuzzing.") }
    }
}

/// Reads the input front to back; past its end every read is zero or empty, so any input is a whole program.
final class FuzzBytes {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { offset >= bytes.count }

    func byte() -> UInt8 {
        defer { offset += 1 }
        return offset < bytes.count ? bytes[offset] : 0
    }

    func pick(_ count: Int) -> Int { Int(byte()) % count }

    func take(_ maximum: Int) -> [UInt8] {
        let count = min(Int(byte()) % (maximum + 1), max(0, bytes.count - offset))
        defer { offset += count }
        return offset < bytes.count ? Array(bytes[offset..<(offset + count)]) : []
    }

    func text(_ maximum: Int = 24) -> String { String(decoding: take(maximum), as: UTF8.self) }
}

/// The vault every input starts from (two logins, a Secret Service item), and one input's run.
final class CallFixture {
    /// In memory when it can: every input copies and opens the vault, and fsync on a disk made that most of the time.
    static let folder = (FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : FileManager.default.temporaryDirectory.path)
        + "/sesame-fuzz-call-\(getpid())"
    let pristine = folder + "/pristine.sqlite"
    let working = folder + "/working.sqlite"
    let key: VaultUnlockKey
    let itemIDs: [String]
    static let senders = [":1.7", ":1.8"]
    static let attributeNames = ["service", "username", "url", "xdg:schema", "app", "user", ""]
    static let strings = ["plain", "dh-ietf1024-sha256-aes128-cbc-pkcs7", "default", "session", "login", "", "Label", "Locked"]
    static let interfaces = [
        SecretInterfaces.service, SecretInterfaces.collection, SecretInterfaces.item, SecretInterfaces.session, SecretInterfaces.prompt,
    ]
    static let propertiesInterface = "org.freedesktop.DBus.Properties"

    init() {
        try? FileManager.default.removeItem(atPath: Self.folder)
        try! FileManager.default.createDirectory(atPath: Self.folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: CallFixture.folder) }
        let password = SecureBytes(utf8: "fuzz")
        let suffixes = PublicSuffixList(utf8: Array("com\norg\n".utf8))
        var ids: [String] = []
        do {
            let vault = try! Vault.create(at: pristine, password: password, kdf: KDFParameters.generate(memoryMiB: 19, passes: 2), publicSuffixList: suffixes)
            let service = LocalVaultService(vault: vault)
            for item in [
                Item(title: "GitHub", username: "alice", password: "gh", urls: [ItemURL("https://github.com/login")]),
                Item(title: "Mail", username: "bob", password: "ml", urls: [ItemURL("https://mail.example.com")]),
                Item(title: "Tool", password: "tk", attributes: ["service": "tool", "username": "alice"]),
            ] {
                ids.append(SecretObject.itemID(try! service.add(item).id))
            }
            key = try! vault.unlockReturningKey(password: password)
        }  // the vault closes here, so the file alone holds it
        itemIDs = ids
        precondition((try? freshVault().searchAttributes([:]).count) == ids.count, "the vault's copy lacks items")
    }

    /// A fresh unlocked copy of the pristine vault.
    func freshVault() -> LocalVaultService {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: working + suffix) }
        try! FileManager.default.copyItem(atPath: pristine, toPath: working)
        let vault = try! Vault(path: working, publicSuffixList: PublicSuffixList(utf8: Array("com\norg\n".utf8)))
        try! vault.unlock(key: key)
        return LocalVaultService(vault: vault)
    }

    func run(_ input: FuzzBytes) {
        var socketPair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &socketPair) == 0 else { return }
        let flags = input.byte()
        let access = FuzzVaultAccess(service: freshVault(), locked: flags & 1 == 1)
        let bus = try? Bus(peer: socketPair[0])
        // Nothing reads the other end (what the service sends stays queued), and with it closed, closing the bus
        // finds its peer gone instead of waiting for it to authenticate.
        close(socketPair[1])
        guard let bus else { return }
        // With --confirm (bit 1): nobody can be asked and the unconnected bus names no process, so reads and alias
        // changes are refused, and each call still passes the connection's first-call record.
        let confirmation = flags & 2 == 2 ? ClientConfirmation(registry: ClientRegistry(path: Self.folder + "/clients.json")) : nil
        let service = SecretService(bus: bus, vault: access, confirmation: confirmation, pinentry: Pinentry(program: nil, environment: [:]))
        try? service.register()
        let run = CallRun(fixture: self, service: service, access: access, input: input)
        var steps = 0
        while !input.isAtEnd && steps < 64 {
            run.step()
            steps += 1
        }
    }
}

/// One input's calls against one service.
final class CallRun {
    let fixture: CallFixture
    let service: SecretService
    let access: FuzzVaultAccess
    let input: FuzzBytes

    init(fixture: CallFixture, service: SecretService, access: FuzzVaultAccess, input: FuzzBytes) {
        self.fixture = fixture
        self.service = service
        self.access = access
        self.input = input
    }

    func step() {
        switch input.pick(12) {
        case 0:
            // A prompt finishes: unlocked (the vault opens) or cancelled.
            guard let id = service.prompts.keys.sorted().first else { return }
            let unlocked = input.byte() & 1 == 1
            if unlocked { access.locked = false }
            service.completePrompt(id, unlocked: unlocked)
        case 1:
            // A client leaves the bus.
            signal { message in
                _ = CallFixture.senders[input.pick(2)].withCString { sender in
                    "".withCString { empty in
                        sd_bus_message_append_basic(message, CChar(UInt8(ascii: "s")), sender)
                        sd_bus_message_append_basic(message, CChar(UInt8(ascii: "s")), sender)
                        return sd_bus_message_append_basic(message, CChar(UInt8(ascii: "s")), empty)
                    }
                }
            }
        case 2:
            access.locked.toggle()
            service.messageCache = SecretService.MessageCache()
        case 3:
            properties()
        default:
            methodCall()
        }
    }

    // MARK: - Calls

    private func methodCall() {
        let interface: String
        let member: String
        switch input.pick(8) {
        case 0..<5:
            let chosen = CallFixture.interfaces[input.pick(CallFixture.interfaces.count)]
            interface = chosen.name
            member = chosen.methods.isEmpty || input.byte() == 0xFF ? input.text(12) : chosen.methods[input.pick(chosen.methods.count)].name
        case 5:
            let chosen = CallFixture.interfaces[input.pick(CallFixture.interfaces.count)]
            interface = input.text(40)
            member = chosen.methods.isEmpty ? "Close" : chosen.methods[input.pick(chosen.methods.count)].name
        default:
            interface = CallFixture.interfaces[input.pick(CallFixture.interfaces.count)].name
            member = input.text(12)
        }
        let path = objectPath()
        let before = vaultFingerprint()
        let wasLocked = access.locked
        guard let call = makeCall(path: path, interface: interface, member: member, sender: CallFixture.senders[input.pick(2)]) else { return }
        defer { sd_bus_message_unref(call) }
        arguments(into: call)
        guard sd_bus_message_seal(call, 1, 0) >= 0 else { return }
        _ = service.handle(BusMessage(handle: call))
        finishPrompts()
        // Whatever a client asks, `default` names the vault and only `session` names the in-memory collection.
        precondition(service.aliases["default"] == .login, "a call moved the alias 'default'")
        precondition(service.aliases.allSatisfy { $0.value == .login || $0.key == "session" }, "an alias names the session collection")
        if wasLocked && access.locked {
            precondition(vaultFingerprint() == before, "a call changed the vault while it was locked")
        }
    }

    /// `Get`, `GetAll` or `Set` as sd-bus passes them to the getter and setter.
    private func properties() {
        let path = objectPath()
        let chosen = CallFixture.interfaces[input.pick(CallFixture.interfaces.count)]
        let names = chosen.properties.map(\.name) + ["Secret", input.text(12)]
        let asked = input.byte() == 0 ? names : [names[input.pick(names.count)]]
        let wasLocked = access.locked
        let before = vaultFingerprint()
        guard let message = makeCall(path: SecretObject.root, interface: CallFixture.propertiesInterface, member: "Get", sender: CallFixture.senders[0])
        else { return }
        defer { sd_bus_message_unref(message) }
        if input.byte() & 1 == 0 {
            for name in asked {
                try? service.getProperty(path, chosen.name, name, into: BusMessage(handle: message))
            }
        } else {
            arguments(into: message)
            guard sd_bus_message_seal(message, 1, 0) >= 0 else { return }
            try? service.setProperty(path, chosen.name, asked[0], from: BusMessage(handle: message))
        }
        if wasLocked && access.locked {
            precondition(vaultFingerprint() == before, "a property write changed the vault while it was locked")
        }
    }

    private func makeCall(path: String, interface: String, member: String, sender: String) -> OpaquePointer? {
        var message: OpaquePointer?
        // sd-bus only ever delivers well-formed paths, interface and member names: others get stand-ins.
        var result = sd_bus_message_new_method_call(service.bus.handle, &message, nil, path, interface, member)
        if result < 0 {
            result = sd_bus_message_new_method_call(service.bus.handle, &message, nil, "/", "org.freedesktop.Secret.Service", "X")
        }
        guard result >= 0, let message else { return nil }
        _ = sd_bus_message_set_sender(message, sender)
        return message
    }

    private func signal(_ build: (OpaquePointer) -> Void) {
        var message: OpaquePointer?
        guard sd_bus_message_new_signal(service.bus.handle, &message, "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameOwnerChanged") >= 0,
              let message
        else { return }
        defer { sd_bus_message_unref(message) }
        build(message)
        guard sd_bus_message_seal(message, 1, 0) >= 0 else { return }
        service.nameOwnerChanged(BusMessage(handle: message))
    }

    /// A prompt shown with no pinentry is dismissed from another thread; wait for it so every input runs the
    /// same way and nothing outlives the service.
    private func finishPrompts() {
        var running = service.prompts.values.filter(\.isRunning).count
        var waited = 0
        while running > 0 && waited < 20_000 {
            for result in service.outbox.take() {
                if case .prompt(let id, let unlocked) = result {
                    service.completePrompt(id, unlocked: unlocked)
                    running -= 1
                }
            }
            if running > 0 {
                usleep(50)
                waited += 1
            }
        }
    }

    // MARK: - Values

    private func objectPath() -> String {
        let root = SecretObject.root
        switch input.pick(16) {
        case 0: return root
        case 1: return SecretObject.collectionPath(.login)
        case 2: return SecretObject.collectionPath(.session)
        case 3: return SecretObject.aliasPrefix + "/default"
        case 4: return SecretObject.aliasPrefix + "/session"
        case 5: return SecretObject.aliasPrefix + "/" + input.text(10)
        case 6: return SecretObject.itemPath(.login, fixture.itemIDs[input.pick(fixture.itemIDs.count)])
        case 7: return SecretObject.itemPath(.login, input.take(16).map { String(format: "%02x", $0) }.joined())
        case 8: return SecretObject.itemPath(.session, String(input.pick(4)))
        case 9: return SecretObject.session(String(input.pick(4))).path
        case 10: return SecretObject.prompt(String(input.pick(4))).path
        case 11: return SecretObject.collectionPath(.login) + "/search" + String(input.pick(4))
        case 12: return SecretObject.none
        case 13: return input.text(60)
        case 14: return SecretObject.collectionPrefix + "/" + input.text(20)
        default: return root + input.text(30)
        }
    }

    private func arguments(into message: OpaquePointer) {
        for _ in 0..<input.pick(5) { value(into: message) }
    }

    private func value(into message: OpaquePointer) {
        switch input.pick(13) {
        case 0: string(CallFixture.strings[input.pick(CallFixture.strings.count)] + (input.byte() == 0 ? input.text() : ""), into: message)
        case 1: string(objectPath(), as: "o", into: message)
        case 2:
            var value: Int32 = Int32(input.byte() & 1)
            sd_bus_message_append_basic(message, CChar(UInt8(ascii: "b")), &value)
        case 3: bytes(input.take(200), into: message)
        case 4: attributes(into: message)
        case 5: itemProperties(into: message)
        case 6:
            sd_bus_message_open_container(message, CChar(UInt8(ascii: "r")), "oayays")
            string(SecretObject.session(String(input.pick(4))).path, as: "o", into: message)
            bytes(input.byte() & 1 == 0 ? [] : input.take(32), into: message)
            bytes(input.take(200), into: message)
            string(input.byte() & 1 == 0 ? "text/plain" : input.text(), into: message)
            sd_bus_message_close_container(message)
        case 7:
            sd_bus_message_open_container(message, CChar(UInt8(ascii: "a")), "o")
            for _ in 0..<input.pick(6) { string(objectPath(), as: "o", into: message) }
            sd_bus_message_close_container(message)
        case 8: variant(into: message)
        case 9: number(into: message)
        case 10:
            var value = UInt64(input.byte()) << 32 | UInt64(input.byte())
            sd_bus_message_append_basic(message, CChar(UInt8(ascii: "t")), &value)
        case 11:
            // A DH public key of the group's size, so OpenSession gets past its length check.
            bytes((0..<128).map { _ in input.byte() }, into: message)
        default:
            sd_bus_message_open_container(message, CChar(UInt8(ascii: "a")), "{sv}")
            sd_bus_message_close_container(message)
        }
    }

    /// A variant holding a string, bytes, a number or attributes: the types item properties come in, right or wrong.
    private func variant(into message: OpaquePointer) {
        let contents = ["s", "a{ss}", "u", "ay"][input.pick(4)]
        sd_bus_message_open_container(message, CChar(UInt8(ascii: "v")), contents)
        switch contents {
        case "s": string(input.text(), into: message)
        case "ay": bytes(input.take(200), into: message)
        case "u": number(into: message)
        default: attributes(into: message)
        }
        sd_bus_message_close_container(message)
    }

    private func string(_ text: String, as type: Character = "s", into message: OpaquePointer) {
        let result = text.withCString { sd_bus_message_append_basic(message, CChar(type.asciiValue!), $0) }
        if result < 0 {  // not valid UTF-8 or not a valid object path: sd-bus would never deliver it
            _ = (type == "o" ? "/" : "").withCString { sd_bus_message_append_basic(message, CChar(type.asciiValue!), $0) }
        }
    }

    private func bytes(_ bytes: [UInt8], into message: OpaquePointer) {
        bytes.withUnsafeBytes { _ = sd_bus_message_append_array(message, CChar(UInt8(ascii: "y")), $0.baseAddress, $0.count) }
    }

    private func number(into message: OpaquePointer) {
        var value = UInt32(input.byte())
        sd_bus_message_append_basic(message, CChar(UInt8(ascii: "u")), &value)
    }

    /// `a{ss}`: a few pairs, or (one input in four) thousands, as a hostile client might send.
    private func attributes(into message: OpaquePointer) {
        let count = input.byte() & 3 == 0 ? Int(input.byte()) * 16 : input.pick(5)
        sd_bus_message_open_container(message, CChar(UInt8(ascii: "a")), "{ss}")
        for index in 0..<count {
            sd_bus_message_open_container(message, CChar(UInt8(ascii: "e")), "ss")
            let name = CallFixture.attributeNames[input.pick(CallFixture.attributeNames.count)]
            string(index < 8 ? name : name + String(index), into: message)
            string(index < 8 ? input.text() : String(index), into: message)
            sd_bus_message_close_container(message)
        }
        sd_bus_message_close_container(message)
    }

    /// `a{sv}` item properties: the label and attributes, of the right type or not, and unknown keys.
    private func itemProperties(into message: OpaquePointer) {
        sd_bus_message_open_container(message, CChar(UInt8(ascii: "a")), "{sv}")
        for _ in 0..<input.pick(4) {
            sd_bus_message_open_container(message, CChar(UInt8(ascii: "e")), "sv")
            let choice = input.pick(3)
            let key = choice == 0 ? SecretService.labelKey : choice == 1 ? SecretService.attributesKey : input.text()
            string(key, into: message)
            variant(into: message)
            sd_bus_message_close_container(message)
        }
        sd_bus_message_close_container(message)
    }

    /// The vault's items and their contents, to tell whether a call changed it.
    private func vaultFingerprint() -> [String] {
        ((try? access.service.searchAttributes([:])) ?? []).map { "\($0.id) \($0.label) \($0.modified) \($0.attributes.sorted { $0.key < $1.key })" }
    }
}
