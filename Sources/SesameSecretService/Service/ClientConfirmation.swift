import CSDBus
import Foundation
import Glibc

/// `--confirm`: before a program may read a secret from the vault, the person is asked once (through pinentry)
/// whether that program may; the answer is remembered in the ``ClientRegistry``. A call waiting for the answer is
/// held (its reply comes later) and handled again once the answer is in; when nobody can be asked, it is refused.
///
/// gnome-keyring hands every secret of an unlocked collection to any process of the user; this narrows that to
/// the programs the person named. A program is its executable (from the caller's process id the bus reports), so
/// an interpreter (python3) counts as one program for every script it runs: documented in docs/secret-service.md.
public final class ClientConfirmation {
    let registry: ClientRegistry
    private var held: [Int: (message: OpaquePointer, program: String)] = [:]
    private var asking: Set<String> = []
    private var nextToken = 1

    public init(registry: ClientRegistry) {
        self.registry = registry
    }

    deinit {
        for call in held.values { sd_bus_message_unref(call.message) }
    }

    /// Whether the call may go on now. False: it is held until the person answers (and then handled again).
    ///
    /// - Throws: `AccessDenied` for a program refused before, or one whose executable cannot be told.
    func mayRead(_ call: BusMessage, service: SecretService) throws(BusError) -> Bool {
        guard let pid = service.bus.senderPID(of: call), let program = Self.executable(of: pid) else {
            throw .accessDenied("Sesame cannot tell which program is asking, so it does not hand out secrets.")
        }
        switch registry.decision(for: program) {
        case true?:
            return true
        case false?:
            throw .accessDenied("\(program) may not read secrets from Sesame ('sesame secret-service clients --revoke' asks again).")
        case nil:
            let token = nextToken
            nextToken += 1
            held[token] = (sd_bus_message_ref(call.handle), program)
            if asking.insert(program).inserted {
                let pinentry = service.pinentry, outbox = service.outbox
                let plan = service.promptPlan(for: call)
                Thread.detachNewThread {
                    let allowed = pinentry.confirm(
                        description: "\(program) asks for passwords from your Sesame vault. Allow this program to read them?",
                        yes: "Allow", no: "Deny", plan: plan)
                    outbox.send(.confirmation(token: token, program: program, allowed: allowed))
                }
            }
            return false
        }
    }

    /// The person answered (or nobody could be asked: `allowed` nil); every call held for that program goes on.
    func finish(_ token: Int, program: String, allowed: Bool?, service: SecretService) {
        asking.remove(program)
        if let allowed { try? registry.record(program, allowed: allowed) }
        for (heldToken, call) in held.filter({ $0.value.program == program }).sorted(by: { $0.key < $1.key }) {
            held[heldToken] = nil
            let message = BusMessage(handle: call.message)
            if allowed == nil {
                service.bus.replyError(to: message, .accessDenied("Nobody could be asked whether \(program) may read secrets (no pinentry could show itself)."))
            } else {
                _ = sd_bus_message_rewind(call.message, 1)
                service.messageCache = SecretService.MessageCache()  // the vault may have locked meanwhile
                _ = service.handle(message)
            }
            sd_bus_message_unref(call.message)
        }
    }

    static func executable(of pid: pid_t) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/\(pid)/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
