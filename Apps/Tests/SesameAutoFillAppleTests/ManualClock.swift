import Foundation

/// A clock tests move by hand: the session's time stands still however long a loaded machine takes. It starts
/// on a whole second, so steps that are binary fractions (0.125, 0.25) add up exactly and land on a deadline.
final class ManualClock: @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    private let lock = NSLock()
    private var current = Date(timeIntervalSinceReferenceDate: 820_000_000)

    func now() -> Date { lock.withLock { current } }

    func advance(by seconds: TimeInterval) {
        lock.withLock { current += seconds }
    }
}
