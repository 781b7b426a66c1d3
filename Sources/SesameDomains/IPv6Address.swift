#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv6 address: parsed by the C library's `inet_pton`, printed by `inet_ntop` (RFC 5952: lowercase, no
/// leading zeros, the longest run of zeros as "::"), so that every spelling of one address compares equal.
struct IPv6Address: Hashable, Sendable, CustomStringConvertible {
    /// The sixteen bytes, most significant first.
    private let bytes: [UInt8]

    /// Parses the text between the brackets of a URL host ("::1", "2001:db8::1", "::ffff:192.0.2.1"). Zone
    /// identifiers ("fe80::1%eth0") are rejected: they name an interface of one machine, never a site.
    init?(parsing text: Substring) {
        var address = in6_addr()
        guard !text.utf8.contains(0), inet_pton(AF_INET6, String(text), &address) == 1 else { return nil }
        bytes = withUnsafeBytes(of: &address) { Array($0) }
    }

    /// RFC 5952 text. IPv4-mapped addresses end in dotted decimal (section 5); `inet_ntop` also prints the
    /// deprecated IPv4-compatible form ("::192.0.2.1") that way, which RFC 5952 does not, so that one case is
    /// printed in hex here ("::c000:201").
    var description: String {
        if bytes[0..<12].allSatisfy({ $0 == 0 }), bytes[12] != 0 || bytes[13] != 0 {
            let high = UInt16(bytes[12]) << 8 | UInt16(bytes[13]), low = UInt16(bytes[14]) << 8 | UInt16(bytes[15])
            return "::" + String(high, radix: 16) + ":" + String(low, radix: 16)
        }
        var address = in6_addr()
        withUnsafeMutableBytes(of: &address) { $0.copyBytes(from: bytes) }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count)) != nil else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
