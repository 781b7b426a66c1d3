/// A hybrid logical clock reading: wall-clock milliseconds plus a counter for events within one millisecond or
/// behind a clock that another device ran ahead. Ordered by (milliseconds, counter).
public struct HybridTimestamp: Hashable, Sendable, Comparable {
    public var milliseconds: UInt64
    public var counter: UInt32

    public init(milliseconds: UInt64, counter: UInt32) {
        self.milliseconds = milliseconds
        self.counter = counter
    }

    public static let zero = HybridTimestamp(milliseconds: 0, counter: 0)

    public static func < (lhs: HybridTimestamp, rhs: HybridTimestamp) -> Bool {
        (lhs.milliseconds, lhs.counter) < (rhs.milliseconds, rhs.counter)
    }

    /// The next reading after `self` for a local event at wall time `now`, having seen `observed` (the latest
    /// reading among ops this device has merged). Never goes backwards, whatever the wall clock does, and is
    /// always later than everything the device has seen, so an edit made after seeing two versions beats both.
    public func tick(now: UInt64, observed: HybridTimestamp = .zero) -> HybridTimestamp {
        let latest = max(self, observed)
        if now > latest.milliseconds { return HybridTimestamp(milliseconds: now, counter: 0) }
        if latest.counter == .max { return HybridTimestamp(milliseconds: latest.milliseconds + 1, counter: 0) }
        return HybridTimestamp(milliseconds: latest.milliseconds, counter: latest.counter + 1)
    }
}
