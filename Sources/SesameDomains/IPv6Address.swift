/// An IPv6 address: parsed as the WHATWG URL standard does, printed as RFC 5952 says, so that
/// every spelling of one address compares equal.
struct IPv6Address: Hashable, Sendable, CustomStringConvertible {
    /// The eight 16-bit pieces, most significant first.
    let pieces: [UInt16]

    /// Parses the text between the brackets of a URL host ("::1", "2001:db8::1",
    /// "::ffff:192.0.2.1"). Zone identifiers ("fe80::1%eth0") are rejected: they name an interface
    /// of one machine, never a site, and URLs do not carry them.
    init?(parsing text: Substring) {
        let input = Array(text.utf8)
        let colon = UInt8(ascii: ":")
        var address = [UInt16](repeating: 0, count: 8)
        var pieceIndex = 0
        var compress: Int?
        var p = 0

        if input.first == colon {
            guard input.count > 1, input[1] == colon else { return nil }
            p = 2
            pieceIndex = 1
            compress = pieceIndex
        }
        while p < input.count {
            guard pieceIndex < 8 else { return nil }
            if input[p] == colon {
                guard compress == nil else { return nil }
                p += 1
                pieceIndex += 1
                compress = pieceIndex
                continue
            }
            var value: UInt16 = 0
            var length = 0
            while length < 4, p < input.count, let digit = Self.hexValue(input[p]) {
                value = value << 4 | digit
                p += 1
                length += 1
            }
            if p < input.count, input[p] == UInt8(ascii: ".") {
                // An embedded IPv4 address fills the last two pieces.
                guard length > 0, pieceIndex <= 6 else { return nil }
                p -= length
                var numbersSeen = 0
                while p < input.count {
                    if numbersSeen > 0 {
                        guard input[p] == UInt8(ascii: "."), numbersSeen < 4 else { return nil }
                        p += 1
                    }
                    guard p < input.count, Self.isDigit(input[p]) else { return nil }
                    var part: UInt16?
                    while p < input.count, Self.isDigit(input[p]) {
                        let digit = UInt16(input[p] - UInt8(ascii: "0"))
                        switch part {
                        case nil: part = digit
                        case 0: return nil  // no leading zeros
                        case let current?: part = current * 10 + digit
                        }
                        guard let current = part, current <= 255 else { return nil }
                        p += 1
                    }
                    address[pieceIndex] = address[pieceIndex] << 8 | (part ?? 0)
                    numbersSeen += 1
                    if numbersSeen == 2 || numbersSeen == 4 { pieceIndex += 1 }
                }
                guard numbersSeen == 4 else { return nil }
                break
            } else if p < input.count, input[p] == colon {
                p += 1
                guard p < input.count else { return nil }
            } else if p < input.count {
                return nil
            }
            address[pieceIndex] = value
            pieceIndex += 1
        }
        if let compress {
            // Move the pieces after "::" to the end.
            var swaps = pieceIndex - compress
            pieceIndex = 7
            while pieceIndex != 0, swaps > 0 {
                address.swapAt(pieceIndex, compress + swaps - 1)
                pieceIndex -= 1
                swaps -= 1
            }
        } else if pieceIndex != 8 {
            return nil
        }
        pieces = address
    }

    /// RFC 5952: lowercase hex without leading zeros; the longest run of two or more zero pieces
    /// (the first on a tie) becomes "::"; IPv4-mapped addresses end in dotted decimal (section 5).
    var description: String {
        if pieces[0..<5].allSatisfy({ $0 == 0 }), pieces[5] == 0xFFFF {
            let v4 = IPv4Address(value: UInt32(pieces[6]) << 16 | UInt32(pieces[7]))
            return "::ffff:\(v4)"
        }
        var bestStart = -1
        var bestLength = 1
        var index = 0
        while index < 8 {
            guard pieces[index] == 0 else { index += 1; continue }
            var end = index
            while end < 8, pieces[end] == 0 { end += 1 }
            if end - index > bestLength {
                bestStart = index
                bestLength = end - index
            }
            index = end
        }
        var text = ""
        index = 0
        while index < 8 {
            if index == bestStart {
                text += "::"
                index += bestLength
                continue
            }
            if !text.isEmpty, !text.hasSuffix(":") { text += ":" }
            text += String(pieces[index], radix: 16)
            index += 1
        }
        return text
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func hexValue(_ byte: UInt8) -> UInt16? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt16(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt16(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt16(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
