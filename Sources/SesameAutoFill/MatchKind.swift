/// How a stored URL matched a login form, best first. Ranking sorts by this before recent use.
public enum MatchKind: String, Codable, Sendable, CaseIterable, Comparable {
    /// Same scheme, host, port and path.
    case exact
    /// Same host (and port).
    case host
    /// One host is a subdomain of the other.
    case subdomain
    /// Same registrable domain (public suffix list).
    case domain
    /// A domain the user declared equivalent.
    case equivalent

    var order: Int { Self.allCases.firstIndex(of: self)! }

    public static func < (lhs: MatchKind, rhs: MatchKind) -> Bool { lhs.order < rhs.order }
}
