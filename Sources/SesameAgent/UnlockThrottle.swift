import Foundation

/// Slows down guessing: after `n` failed master-password attempts in a row, the next attempt waits
/// `min(2^(n-1), 30)` seconds after the last failure (1 s, 2 s, 4 s … 30 s). A success resets it.
///
/// The agent keeps one throttle for all connections, so opening more connections does not buy more guesses.
struct UnlockThrottle {
    static let maximumDelay: TimeInterval = 30

    private(set) var failures = 0
    private var lastFailure: Date?

    static func delay(afterFailures failures: Int) -> TimeInterval {
        guard failures > 0 else { return 0 }
        return min(pow(2, Double(min(failures, 16) - 1)), maximumDelay)
    }

    /// How long the next attempt must still wait at `now`.
    func remainingDelay(at now: Date) -> TimeInterval {
        guard let lastFailure else { return 0 }
        return max(0, Self.delay(afterFailures: failures) - now.timeIntervalSince(lastFailure))
    }

    mutating func recordFailure(at now: Date) {
        failures += 1
        lastFailure = now
    }

    mutating func reset() {
        failures = 0
        lastFailure = nil
    }
}
