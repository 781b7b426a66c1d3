/// A host name or IP literal, normalized so that two spellings of one host compare equal.
///
/// ```swift
/// try Host(parsing: "BÜCHER.de.") == Host(parsing: "xn--bcher-kva.de")   // true
/// try Host(parsing: "[::FFFF:7f00:1]").ascii                              // "::ffff:127.0.0.1"
/// ```
///
/// Equality and hashing use ``kind`` and ``ascii`` only.
public struct Host: Hashable, Sendable, CustomStringConvertible {
    /// What a host names: a DNS name or an IP address.
    public enum Kind: Sendable, Hashable { case domain, ipv4, ipv6 }

    public let kind: Kind

    /// The canonical comparison form: lowercase, IDNA ASCII ("xn--" labels), no trailing dot;
    /// IPv4 as a dotted quad; IPv6 as RFC 5952 text without brackets.
    public let ascii: String

    /// Longest input considered; anything longer cannot map to a name of at most 253 characters.
    private static let maxInputLength = 2048

    /// Reads a host as a URL or a person spells it.
    ///
    /// Accepts any case, one trailing dot, Unicode or "xn--" labels, IPv4 in the forms browsers
    /// accept ("127.1", "0x7f.0.0.1"), and IPv6 with or without brackets. Rejects empty labels,
    /// spaces and other characters that cannot be part of a host, labels longer than 63 and names
    /// longer than 253 characters (in ASCII form), IPv6 zone identifiers, and names whose last
    /// label is a number but which are not a valid IPv4 address ("1.2.3.256").
    ///
    /// - Throws: ``DomainError/invalidHost(_:)``.
    public init(parsing text: String) throws(DomainError) {
        try self.init(parsing: text[...])
    }

    /// ``init(parsing:)`` for part of a longer text (a URL's host), without copying it into a `String` first.
    init(parsing text: Substring) throws(DomainError) {
        guard !text.isEmpty, text.utf8.count <= Self.maxInputLength else { throw .invalidHost(String(text)) }

        if text.utf8.first == UInt8(ascii: "[") {
            guard text.utf8.last == UInt8(ascii: "]"),
                  let address = IPv6Address(parsing: text.dropFirst().dropLast())
            else { throw .invalidHost(String(text)) }
            self.init(kind: .ipv6, ascii: address.description)
            return
        }
        if text.utf8.contains(UInt8(ascii: ":")) {
            guard let address = IPv6Address(parsing: text) else { throw .invalidHost(String(text)) }
            self.init(kind: .ipv6, ascii: address.description)
            return
        }
        guard let name = IDNA.toASCII(text) else { throw .invalidHost(String(text)) }
        // A name that ends in a number is an IPv4 address or nothing (WHATWG URL standard), so
        // "1.2.3.4.5" can never become a "domain" whose site is "4.5".
        let lastLabel = name.utf8.lastIndex(of: UInt8(ascii: ".")).map { name[name.index(after: $0)...] } ?? name[...]
        if IPv4Address.looksNumeric(lastLabel) {
            guard let address = IPv4Address(parsing: name[...]) else { throw .invalidHost(String(text)) }
            self.init(kind: .ipv4, ascii: address.description)
            return
        }
        self.init(kind: .domain, ascii: name)
    }

    private init(kind: Kind, ascii: String) {
        self.kind = kind
        self.ascii = ascii
    }

    /// The form to show people: "xn--" labels decoded ("bücher.de"). Never use it to compare.
    public var unicode: String {
        kind == .domain ? IDNA.toUnicode(ascii) : ascii
    }

    public var isIPAddress: Bool { kind != .domain }

    /// The ASCII form: unambiguous in logs, where a Unicode look-alike could pass for another site.
    public var description: String { ascii }

    /// Whether this host is strictly below `other` in the DNS tree: "a.b.com" is a subdomain of
    /// "b.com", "b.com" is not a subdomain of itself, and IP addresses are never subdomains.
    public func isSubdomain(of other: Host) -> Bool {
        guard kind == .domain, other.kind == .domain else { return false }
        let mine = ascii.utf8
        let theirs = other.ascii.utf8
        guard mine.count > theirs.count + 1 else { return false }
        let dot = mine.index(mine.endIndex, offsetBy: -theirs.count - 1)
        return mine[dot] == UInt8(ascii: ".") && mine[mine.index(after: dot)...].elementsEqual(theirs)
    }
}
