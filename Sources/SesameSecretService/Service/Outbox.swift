import Glibc
import Synchronization

/// Results that threads off the bus (a pinentry prompt, an unlock in the agent) hand back to the bus thread,
/// which is woken through the bus's pipe and reads them with ``take()``.
final class Outbox: Sendable {
    enum Result: Sendable {
        case prompt(id: String, unlocked: Bool)
        case confirmation(token: Int, program: String, allowed: Bool?)
        case stop
    }

    private let results = Mutex<[Result]>([])
    private let wakeDescriptor: Int32

    init(wakeDescriptor: Int32) {
        self.wakeDescriptor = wakeDescriptor
    }

    func send(_ result: Result) {
        results.withLock { $0.append(result) }
        var byte: UInt8 = 1
        _ = write(wakeDescriptor, &byte, 1)
    }

    func take() -> [Result] {
        results.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
    }
}
