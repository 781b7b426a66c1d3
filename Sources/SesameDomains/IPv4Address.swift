#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 address, read as a browser reads a host, so that "127.1", "0x7f.0.0.1" and "2130706433" are all
/// 127.0.0.1: the C library's `inet_aton` accepts exactly these historical forms (which is where WHATWG's URL
/// standard took them from), and `inet_ntop` prints the dotted quad.
struct IPv4Address: Hashable, Sendable, CustomStringConvertible {
    /// In network byte order, as the C library keeps it.
    private let address: in_addr_t

    /// Parses 1 to 4 dot-separated numbers (decimal, "0x" hex or leading-zero octal); the last one fills all
    /// remaining bytes. Nil if the text is not such an address.
    init?(parsing text: Substring) {
        // inet_aton stops at whitespace and ignores what follows; a host holds none.
        guard !text.isEmpty, text.utf8.allSatisfy({ Self.isAddressByte($0) }) else { return nil }
        var parsed = in_addr()
        guard inet_aton(String(text), &parsed) != 0 else { return nil }
        address = parsed.s_addr
    }

    /// Whether a host whose last label is this text must be read as IPv4 (WHATWG "ends in a number"): all
    /// decimal digits, or "0x" followed by hex digits.
    static func looksNumeric(_ label: Substring) -> Bool {
        let bytes = label.utf8
        guard !bytes.isEmpty else { return false }
        if bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) { return true }
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "0") else { return false }
        let x = bytes[bytes.index(after: bytes.startIndex)]
        guard x == UInt8(ascii: "x") || x == UInt8(ascii: "X") else { return false }
        return bytes.dropFirst(2).allSatisfy(isHexDigit)
    }

    /// Dotted quad, the only form Sesame stores or compares.
    var description: String {
        var value = in_addr(s_addr: address)
        var buffer = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        guard inet_ntop(AF_INET, &value, &buffer, socklen_t(buffer.count)) != nil else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func isAddressByte(_ byte: UInt8) -> Bool {
        isHexDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "x") || byte == UInt8(ascii: "X")
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
             UInt8(ascii: "A")...UInt8(ascii: "F"):
            true
        default: false
        }
    }
}
