import Foundation

/// A browser extension the user allowed to ask for logins (KeePassXC-Browser's "association"): the name the user
/// gave it and the public key the extension presents as its proof (its `idKey`, base64), with when it was made
/// and last used. Stored sealed in the vault, so it travels with the vault and nobody reads it from the file.
public struct BrowserAssociation: Codable, Sendable, Equatable {
    public var name: String
    public var key: String
    public var created: Date
    public var lastUsed: Date?

    public init(name: String, key: String, created: Date, lastUsed: Date? = nil) {
        self.name = name
        self.key = key
        self.created = created
        self.lastUsed = lastUsed
    }

    enum CodingKeys: String, CodingKey {
        case name = "name", key = "key", created = "created", lastUsed = "lastUsed"
    }
}
