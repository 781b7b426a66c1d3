/// What a login form or a stored item names: a URL, or a bare host with an optional port.
///
/// Placeholder: the AutoFill issue replaces it with a full parser.
public struct ServiceURL: Hashable, Sendable {
    public let scheme: String?
    public let host: Host
    public let port: Int?
    public let path: String

    public init(parsing text: String) throws(DomainError) {
        var rest = Substring(text)
        var scheme: String?
        if let range = rest.firstRange(of: "://") {
            scheme = rest[..<range.lowerBound].lowercased()
            rest = rest[range.upperBound...]
        }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var port: Int?
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
            port = Int(authority[authority.index(after: colon)...])
            authority = authority[..<colon]
        }
        guard !authority.isEmpty else { throw DomainError.invalidURL(text) }
        do { host = try Host(parsing: String(authority)) } catch { throw DomainError.invalidURL(text) }
        self.scheme = scheme
        self.port = port
        let pathEnd = rest[authorityEnd...].firstIndex { $0 == "?" || $0 == "#" } ?? rest.endIndex
        path = String(rest[authorityEnd..<pathEnd])
    }
}
