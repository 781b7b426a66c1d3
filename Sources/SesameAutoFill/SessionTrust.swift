import Foundation

/// The rules that make an unlocked session trusted, in one place for everyone who holds one: the Linux agent
/// (`AgentCore`) and the in-process session of the AutoFill extension and the app (`VaultSession`).
///
/// A session is trusted while it is within its idle timeout (every served request restarts it; asking about it
/// does not) and, when a `SessionKeeper` shares it with other processes, while the keeper's epoch is still the one
/// the session began in. A value without I/O: its holder reads the clock and the epoch once per check, asks
/// ``verdict(at:currentEpoch:)``, and acts on the answer (the agent wipes its handle under its own locks;
/// `VaultSession` releases its keys and restores a kept session).
public struct SessionTrust: Equatable, Sendable {
    /// What a check finds.
    public enum Verdict: Equatable, Sendable {
        /// Within the idle timeout, with this many seconds left.
        case trusted(timeLeft: TimeInterval)
        /// The idle timeout has passed since the last use.
        case idle
        /// Another process ended the session: the keeper's epoch is no longer the one it began in.
        case ended

        /// The seconds left while trusted; nil otherwise.
        public var timeLeft: TimeInterval? {
            if case .trusted(let timeLeft) = self { timeLeft } else { nil }
        }
    }

    public let idleTimeout: TimeInterval
    /// The last use; the session stops being trusted `idleTimeout` seconds later.
    public private(set) var lastUse: Date
    /// The keeper's epoch the session began in; nil for a session no keeper shares.
    public let epoch: UInt64?

    /// A session unlocked (or used) at `lastUse`.
    public init(idleTimeout: TimeInterval, lastUse: Date, epoch: UInt64? = nil) {
        self.idleTimeout = idleTimeout
        self.lastUse = lastUse
        self.epoch = epoch
    }

    /// A session another process kept until `expiry`, restored at `now` without counting as use (it keeps the
    /// expiry the last served request gave it); nil when that moment has passed, or lies further away than this
    /// process's idle timeout allows (kept by a process with a longer one).
    public init?(keptUntil expiry: Date, epoch: UInt64, idleTimeout: TimeInterval, at now: Date) {
        let remaining = expiry.timeIntervalSince(now)
        guard remaining > 0, remaining <= idleTimeout else { return nil }
        self.init(idleTimeout: idleTimeout, lastUse: expiry.addingTimeInterval(-idleTimeout), epoch: epoch)
    }

    /// The moment the session stops being trusted unless it is used again.
    public var deadline: Date { lastUse.addingTimeInterval(idleTimeout) }

    /// Whether the session is still trusted at `now`, given the keeper's current epoch (nil without a keeper). An
    /// ended epoch wins over the clock: a session another process locked is over whatever time it has left.
    public func verdict(at now: Date, currentEpoch: UInt64? = nil) -> Verdict {
        if epoch != currentEpoch { return .ended }
        let timeLeft = timeLeft(at: now)
        return timeLeft > 0 ? .trusted(timeLeft: timeLeft) : .idle
    }

    /// Seconds from `now` to the deadline; zero or less once it has passed.
    public func timeLeft(at now: Date) -> TimeInterval {
        idleTimeout - now.timeIntervalSince(lastUse)
    }

    /// A served request: the idle timeout starts again from `now`.
    public mutating func recordUse(at now: Date) {
        lastUse = now
    }
}
