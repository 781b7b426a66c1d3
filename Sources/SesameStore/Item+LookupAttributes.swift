import Foundation

/// The lookup attributes other programs find an item by (the Secret Service's `a{ss}`). An item a client stored
/// keeps the client's own attributes; a login the user added in Sesame shows documented ones, so a client that
/// searches by site or user name finds it too. Attributes are never secret: every client may read them.
extension Item {
    /// `xdg:schema` of Sesame's own logins.
    public static let loginSchema = "org.sesame.Login"
    /// The names of a login's own attributes.
    public static let schemaAttribute = "xdg:schema", usernameAttribute = "username", urlAttribute = "url"

    /// What clients see: the client's attributes, else `xdg:schema`, `username` (when set) and `url` (the first).
    public var lookupAttributes: [String: String] {
        if !attributes.isEmpty { return attributes }
        var derived = [Self.schemaAttribute: Self.loginSchema]
        if !username.isEmpty { derived[Self.usernameAttribute] = username }
        if let first = urls.first { derived[Self.urlAttribute] = first.url }
        return derived
    }

    /// Every (name, value) pair a search may match: the lookup attributes, and for a login each of its URLs.
    public var searchableAttributes: Set<LookupAttribute> {
        var pairs = Set(lookupAttributes.map { LookupAttribute(name: $0.key, value: $0.value) })
        if attributes.isEmpty {
            for url in urls { pairs.insert(LookupAttribute(name: Self.urlAttribute, value: url.url)) }
        }
        return pairs
    }

    /// Whether every pair of `query` is one of the item's searchable attributes (case-sensitive equality).
    public func matchesLookup(_ query: [String: String]) -> Bool {
        let pairs = searchableAttributes
        return query.allSatisfy { pairs.contains(LookupAttribute(name: $0.key, value: $0.value)) }
    }
}

/// One lookup attribute.
public struct LookupAttribute: Hashable, Sendable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
