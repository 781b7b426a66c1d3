/// The attributes of git's credential protocol (git-credential(1)) that Sesame reads or writes, named once for the
/// `git-credential-sesame` front and the full helper (`GitCredentialHelper`): a front that spelt one differently
/// would quietly hand every `get` to the slow path, or answer what the full helper would not.
public enum GitCredentialAttribute: String, Sendable, CaseIterable {
    case `protocol`, host, path, username, password, ephemeral
    /// A list (`capability[]`) in a request and a reply; `authtype` is also the capability's name.
    case capability, authtype, credential
    case passwordExpiryUTC = "password_expiry_utc", oauthRefreshToken = "oauth_refresh_token"
}

extension GitCredentialMessage {
    public subscript(attribute: GitCredentialAttribute) -> String? { self[attribute.rawValue] }

    public func list(_ attribute: GitCredentialAttribute) -> [String] { list(attribute.rawValue) }
}

extension GitCredentialReply {
    /// Adds a line; refuses (returns false) values that cannot be written safely.
    @discardableResult
    public mutating func add(_ attribute: GitCredentialAttribute, _ value: String) -> Bool {
        add(attribute.rawValue, value)
    }

    /// Adds one element of a list attribute (`capability[]=authtype`).
    @discardableResult
    public mutating func add(element value: String, of attribute: GitCredentialAttribute) -> Bool {
        add(attribute.rawValue + "[]", value)
    }
}
