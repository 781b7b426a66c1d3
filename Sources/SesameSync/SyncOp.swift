import Foundation

/// One change to one item, as carried in a batch: a new version (`put`) or a deletion, naming the versions it
/// supersedes (`parents`: the item's heads when the change was made).
public struct SyncOp: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A version of the item: its state (active or trashed) and its encoded payload (plaintext inside the
        /// encrypted batch; re-sealed under the local key when stored).
        case put(state: UInt8, payload: [UInt8])
        case delete
    }

    public var id: OpID
    public var item: UUID
    public var kind: Kind
    public var parents: [OpID]
    public var time: HybridTimestamp

    public init(id: OpID, item: UUID, kind: Kind, parents: [OpID], time: HybridTimestamp) {
        self.id = id
        self.item = item
        self.kind = kind
        self.parents = parents.sorted()
        self.time = time
    }

    public var isPut: Bool { if case .put = kind { true } else { false } }

    /// The order that picks the version shown first: any put beats any delete (an edit survives a concurrent
    /// delete), then the later clock reading, then the device and counter so that ties break identically everywhere.
    public static func displayPrecedes(_ lhs: SyncOp, _ rhs: SyncOp) -> Bool {
        if lhs.isPut != rhs.isPut { return !lhs.isPut }
        if lhs.time != rhs.time { return lhs.time < rhs.time }
        return lhs.id < rhs.id
    }
}
