/// The result of reading many items: those that decrypted, and an error for each that did not, so one damaged
/// record never hides the others.
public struct ItemScan: Sendable {
    public var items: [Item]
    public var damaged: [VaultError]

    public init(items: [Item] = [], damaged: [VaultError] = []) {
        self.items = items
        self.damaged = damaged
    }
}
