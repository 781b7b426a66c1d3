/// A host name or IP literal, normalized for comparison.
///
/// Placeholder: the AutoFill issue replaces it with full IDNA and IP handling.
public struct Host: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable { case domain, ipv4, ipv6 }

    public let kind: Kind
    /// Lowercase ASCII form without a trailing dot; IPv6 without brackets.
    public let ascii: String

    public init(parsing text: String) throws(DomainError) {
        var host = text.lowercased()
        if host.hasSuffix(".") { host.removeLast() }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw DomainError.invalidHost(text) }
        ascii = host
        kind = host.contains(":") ? .ipv6 : (host.allSatisfy { $0.isNumber || $0 == "." } ? .ipv4 : .domain)
    }

    public var unicode: String { ascii }
    public var isIPAddress: Bool { kind != .domain }
    public var description: String { unicode }
}
