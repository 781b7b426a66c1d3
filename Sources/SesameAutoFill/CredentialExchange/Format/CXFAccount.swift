/// One account of the exporting app (CXF 1.0 §3.2): who owned the items, their collections and the items.
public struct CXFAccount: Sendable, Equatable {
    /// Opaque bytes, at most 64 (base64url in the file).
    public var id: [UInt8]
    public var username: String
    public var email: String
    public var fullName: String?
    public var collections: [CXFCollection]
    public var items: [CXFItem]

    public init(id: [UInt8], username: String = "", email: String = "", fullName: String? = nil,
                collections: [CXFCollection] = [], items: [CXFItem] = []) {
        self.id = id
        self.username = username
        self.email = email
        self.fullName = fullName
        self.collections = collections
        self.items = items
    }
}
