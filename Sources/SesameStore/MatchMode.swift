/// How strictly a stored URL must agree with a login form's address before the item is offered.
public enum MatchMode: String, Codable, Sendable, CaseIterable {
    /// Same registrable domain (the default): `login.example.com` serves `www.example.com`.
    case domain
    /// Same host name only.
    case host
    /// Same scheme, host, port and path.
    case exact
    /// Never offered automatically.
    case never
}
