/// Credentials of one kind that a reader left out of an item it could read (a card in a CXF item, a passkey
/// before Sesame holds passkeys), or members of the file it does not read: where, what, how many and why, in
/// words that never quote a secret.
public struct ImportSkip: Sendable, Equatable, Codable {
    /// `item 3 (Visa)`, or `the file` for members skipped throughout.
    public var location: String
    /// The format's name for it: `credit-card`, `passkey`, `member item.extensions`.
    public var kind: String
    public var count: Int
    public var reason: String

    public init(location: String, kind: String, count: Int, reason: String) {
        self.location = location
        self.kind = kind
        self.count = count
        self.reason = reason
    }
}
