/// One entry of the exporting app (CXF 1.0 §3.4): a title, where its credentials are used, and the credentials
/// (a login, a code, passkeys, a note, fields, or kinds Sesame does not hold), in file order.
public struct CXFItem: Sendable, Equatable {
    public var id: [UInt8]
    /// Seconds since 1970; nil when the file has none (or a negative one, as Google Password Manager writes).
    public var creationAt: Int64?
    public var modifiedAt: Int64?
    public var title: String
    public var subtitle: String?
    public var favorite: Bool?
    public var scope: CXFScope?
    public var credentials: [CXFCredential]
    public var tags: [String]

    public init(id: [UInt8], creationAt: Int64? = nil, modifiedAt: Int64? = nil, title: String, subtitle: String? = nil,
                favorite: Bool? = nil, scope: CXFScope? = nil, credentials: [CXFCredential] = [], tags: [String] = []) {
        self.id = id
        self.creationAt = creationAt
        self.modifiedAt = modifiedAt
        self.title = title
        self.subtitle = subtitle
        self.favorite = favorite
        self.scope = scope
        self.credentials = credentials
        self.tags = tags
    }
}
