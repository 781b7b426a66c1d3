/// A user name and password (CXF 1.0 `basic-auth`), used where the item's scope says.
public struct CXFBasicAuth: Sendable, Equatable {
    public var username: CXFEditableField?
    public var password: CXFEditableField?

    public init(username: CXFEditableField? = nil, password: CXFEditableField? = nil) {
        self.username = username
        self.password = password
    }
}
