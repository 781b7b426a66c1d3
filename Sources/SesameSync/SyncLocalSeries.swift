import Foundation

/// This device's own series: appending a local change to it, and moving its unflushed ops to a new device id when
/// the copy turns out to have been restored from a backup. The store runs each inside the transaction that
/// changes the item (or the id), so the op and the change commit together.
public enum SyncLocalSeries {
    /// Appends an op of this device for `item` that supersedes the item's current heads, at a clock reading after
    /// everything this copy has made or merged (so an edit made after seeing two versions beats both). The caller
    /// has written the item's row: the op is recorded as shown, and the item as no longer in conflict.
    ///
    /// - Parameter now: the wall clock, in milliseconds since 1970.
    @discardableResult
    public static func record(_ kind: SyncOp.Kind, of item: UUID, now: UInt64, in store: some SyncTransaction)
        throws -> SyncOp
    {
        let parents = ItemResolution(
            ops: try store.ops(ofItem: item, withPayloads: false), superseded: try store.supersededIDs(ofItem: item)
        ).heads
        let counter = try store.localCounter() + 1
        let time = try store.localClock().tick(now: now, observed: try store.observedTime())
        let op = SyncOp(id: OpID(device: store.deviceID, counter: counter), item: item, kind: kind, parents: parents,
                        time: time)
        try store.insertOp(op, batch: nil)
        try store.setLocalCounter(counter)
        try store.setLocalClock(time)
        try store.recordShown(op.id, of: item)
        try store.setConflict(false, item: item)
        return op
    }

    /// Gives this copy a new device id, after the sync root showed batches of its id that it never wrote. Its
    /// unflushed ops move to the new id, renumbered from 1 (parents among them follow); what the old id published
    /// stays that device's history. Returns the new id.
    public static func adoptNewDeviceID(in store: some SyncTransaction) throws -> UUID {
        let newDevice = UUID()
        let pending = try store.pendingOps()
        var renamed: [OpID: OpID] = [:]
        for (index, op) in pending.enumerated() {
            renamed[op.id] = OpID(device: newDevice, counter: UInt64(index + 1))
        }
        try store.forgetPendingOps()
        for op in pending {
            var moved = op
            moved.id = renamed[op.id]!
            moved.parents = op.parents.map { renamed[$0] ?? $0 }.sorted()
            try store.insertOp(moved, batch: nil)
            try store.recordShown(moved.id, of: moved.item)
        }
        try store.setLocalCounter(UInt64(pending.count))
        try store.setDeviceID(newDevice)
        return newDevice
    }
}
