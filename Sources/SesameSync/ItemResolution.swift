/// What the merged ops of one item say: the heads (versions nobody has superseded yet), the one shown, and the
/// other live versions the user should see as a conflict. A pure function of the set of ops, so every replica
/// holding the same ops shows the same thing whatever order they arrived in.
public struct ItemResolution: Equatable, Sendable {
    public let heads: [OpID]
    /// The head shown: a put (the item exists) or a delete (the item is gone). Nil only for no ops.
    public let winner: SyncOp?
    /// Live versions besides the winner, best first. Empty when the winner is a delete: a put head always beats a
    /// delete head, so a winning delete never hides a live version.
    public let siblings: [SyncOp]

    /// - Parameter superseded: ids known to be superseded by ops this replica does not hold (a snapshot dropped
    ///   them), so a version that arrives later still counts as superseded.
    public init<S: Sequence>(ops: S, superseded known: Set<OpID> = []) where S.Element == SyncOp {
        var all: [OpID: SyncOp] = [:]
        for op in ops { all[op.id] = op }
        let superseded = known.union(all.values.flatMap(\.parents))
        let heads = all.values.filter { !superseded.contains($0.id) }.sorted(by: SyncOp.displayPrecedes)
        self.heads = heads.map(\.id).sorted()
        winner = heads.last
        siblings = heads.dropLast().filter(\.isPut).reversed()
    }

    public var hasConflict: Bool { !siblings.isEmpty }
}
