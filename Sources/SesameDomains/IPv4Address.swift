/// An IPv4 address as the WHATWG URL standard reads it, so that a host means to Sesame what it
/// means to a browser: "127.1", "0x7f.0.0.1" and "2130706433" are all 127.0.0.1.
struct IPv4Address: Hashable, Sendable, CustomStringConvertible {
    let value: UInt32

    init(value: UInt32) { self.value = value }

    /// Parses 1 to 4 dot-separated numbers (decimal, "0x" hex or leading-zero octal); the last
    /// one fills all remaining bytes. Nil if the text is not such an address.
    init?(parsing text: Substring) {
        var parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        // WHATWG tolerates one trailing dot ("1.2.3.4.").
        if parts.count > 1, parts.last?.isEmpty == true { parts.removeLast() }
        guard (1...4).contains(parts.count) else { return nil }
        var numbers: [UInt64] = []
        numbers.reserveCapacity(parts.count)
        for part in parts {
            guard let number = Self.number(part) else { return nil }
            numbers.append(number)
        }
        guard let last = numbers.last else { return nil }
        // Every part but the last is one byte; the last covers the bytes that remain.
        guard numbers.dropLast().allSatisfy({ $0 <= 255 }) else { return nil }
        guard last < (UInt64(1) << (8 * UInt64(5 - numbers.count))) else { return nil }
        var result = last
        for (index, number) in numbers.dropLast().enumerated() {
            result += number << (8 * UInt64(3 - index))
        }
        value = UInt32(result)
    }

    /// Whether a host whose last label is this text must be read as IPv4 (WHATWG "ends in a
    /// number"): all decimal digits, or "0x" followed by hex digits.
    static func looksNumeric(_ label: Substring) -> Bool {
        let bytes = label.utf8
        guard !bytes.isEmpty else { return false }
        if bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) { return true }
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "0") else { return false }
        let x = bytes[bytes.index(after: bytes.startIndex)]
        guard x == UInt8(ascii: "x") || x == UInt8(ascii: "X") else { return false }
        return bytes.dropFirst(2).allSatisfy { hexValue($0) != nil }
    }

    /// Dotted quad, the only form Sesame stores or compares.
    var description: String {
        "\(value >> 24).\((value >> 16) & 0xFF).\((value >> 8) & 0xFF).\(value & 0xFF)"
    }

    // MARK: - Numbers

    /// One WHATWG IPv4 number; nil when invalid or too large to ever be part of an address.
    private static func number(_ part: Substring.UTF8View.SubSequence) -> UInt64? {
        guard !part.isEmpty else { return nil }
        var digits = part[...]
        var radix: UInt64 = 10
        if digits.count >= 2, digits.first == UInt8(ascii: "0") {
            let second = digits[digits.index(after: digits.startIndex)]
            if second == UInt8(ascii: "x") || second == UInt8(ascii: "X") {
                radix = 16
                digits = digits.dropFirst(2)
            } else {
                radix = 8
                digits = digits.dropFirst()
            }
        }
        var result: UInt64 = 0
        for byte in digits {
            guard let digit = hexValue(byte), digit < radix else { return nil }
            result = result * radix + digit
            // Anything above 2^32 is already invalid; stopping here avoids overflow.
            guard result <= UInt64(UInt32.max) else { return nil }
        }
        return result
    }

    private static func hexValue(_ byte: UInt8) -> UInt64? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt64(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt64(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
