import Foundation

/// The identity of one change: the device that made it and that device's running counter. Unique without
/// coordination, and checkable: a batch may only carry its own device's ids, with counters that only grow.
public struct OpID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var device: UUID
    public var counter: UInt64

    public init(device: UUID, counter: UInt64) {
        self.device = device
        self.counter = counter
    }

    public static func < (lhs: OpID, rhs: OpID) -> Bool {
        lhs.device == rhs.device ? lhs.counter < rhs.counter : UUID.bytewiseLess(lhs.device, rhs.device)
    }

    public var description: String { "\(device.hexName.prefix(8))-\(counter)" }
}
