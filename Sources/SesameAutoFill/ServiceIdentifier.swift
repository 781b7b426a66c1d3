/// What a login form names, as the system hands it to a credential provider: a domain or a URL
/// (`ASCredentialServiceIdentifier` with its `.domain` and `.URL` types). Forms pass several, most specific first.
public struct ServiceIdentifier: Codable, Sendable, Hashable {
    public enum Kind: String, Codable, Sendable {
        case domain
        case url
    }

    public var identifier: String
    public var kind: Kind

    public init(_ identifier: String, kind: Kind) {
        self.identifier = identifier
        self.kind = kind
    }

    /// Reads what a person or a program typed: anything with a scheme is a URL, the rest a domain
    /// (optionally with a port).
    public init(parsing text: String) {
        self.init(text, kind: text.contains("://") ? .url : .domain)
    }
}
