import CSDBus
import Foundation
import Glibc
import SesameTerminal
import SesameTerminalText

/// `--confirm`: before a program may read a secret from the vault, the person is asked once (through pinentry)
/// whether that program may; the answer is remembered in the ``ClientRegistry``. A call waiting for the answer is
/// held (its reply comes later) and handled again once the answer is in; when nobody can be asked, it is refused.
///
/// gnome-keyring hands every secret of an unlocked collection to any process of the user; this narrows that to
/// the programs the person named. A program is its executable (from the caller's process id the bus reports), so
/// an interpreter (python3) counts as one program for every script it runs: documented in docs/secret-service.md.
///
/// The bus names a connection's process once, when it connects; any process that inherits the connection speaks
/// as it. So each connection is tied to the process Sesame first heard it from (pid, start time, executable), and a
/// read is refused once that process runs another executable or is another process: a program that connects and
/// then execs an allowed one on the inherited connection is refused. A fork and exec before the first call cannot
/// be told from a program that was always that one (docs/secret-service.md, `--confirm`, limits).
public final class ClientConfirmation {
    /// A process as far as `/proc` can tell it: the pid, when it started, and what it runs.
    struct ProcessIdentity: Equatable {
        var pid: pid_t
        var started: UInt64
        var executable: String
    }

    let registry: ClientRegistry
    /// The process behind each connection when it first called, by unique bus name.
    private var firstSeen: [String: ProcessIdentity] = [:]
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
        guard let pid = service.bus.senderPID(of: call), let identity = Self.identity(of: pid) else {
            throw .accessDenied("Sesame cannot tell which program is asking, so it does not hand out secrets.")
        }
        if let first = firstSeen[call.sender], first != identity {
            throw .accessDenied("The process behind this connection is no longer the program that first called (it started another program since); Sesame hands it no secrets.")
        }
        firstSeen[call.sender] = identity
        let program = identity.executable
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
                    // The path is outside text (any folder name): one line, controls shown escaped.
                    let allowed = pinentry.confirm(
                        description: "\(TerminalText.quoted(program, limit: 300)) asks for passwords from your Sesame vault. Allow this program to read them?",
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

    /// Notes the process behind a connection at its first call of any kind, so that a later exec is seen.
    func noteCall(_ call: BusMessage, service: SecretService) {
        guard firstSeen[call.sender] == nil, let pid = service.bus.senderPID(of: call),
              let identity = Self.identity(of: pid)
        else { return }
        firstSeen[call.sender] = identity
    }

    /// The connection left the bus.
    func forget(_ sender: String) {
        firstSeen[sender] = nil
    }

    static func identity(of pid: pid_t) -> ProcessIdentity? {
        guard let started = startTime(of: pid), let executable = executable(of: pid),
              startTime(of: pid) == started  // the pid was not reused while the executable was read
        else { return nil }
        return ProcessIdentity(pid: pid, started: started, executable: executable)
    }

    /// Field 22 of `/proc/<pid>/stat`: when the process started, in clock ticks since boot.
    static func startTime(of pid: pid_t) -> UInt64? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let nameEnd = stat.lastIndex(of: ")")
        else { return nil }
        // After the command name (which may hold spaces and parentheses): field 3 onwards.
        let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
        guard fields.count > 19 else { return nil }
        return UInt64(fields[19])
    }

    static func executable(of pid: pid_t) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/\(pid)/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
