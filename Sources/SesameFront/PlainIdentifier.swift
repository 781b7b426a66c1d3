/// Which of a form's URLs and domains the `sesame` front may pass to the agent itself: only spellings that are
/// plainly valid to `ServiceURL(parsing:)` (which needs Foundation's IDNA), so the full CLI would have accepted them
/// without a word. `[scheme://]host[:port][/…|?…|#…]`, all printable ASCII, where the host is dot-separated
/// labels of letters, digits and inner hyphens (no `--`, so no "xn--" label), not ending in a number (that would
/// be an IPv4 address), and the port 1 to 65535. Anything else goes to the full CLI, which reads it properly and
/// warns about what it leaves out.
enum PlainIdentifier {
    static func isPlain(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return false }
        var position = 0
        if let separator = schemeSeparator(bytes) {
            guard isScheme(bytes[0..<separator]) else { return false }
            position = separator + 3
        }
        let authorityEnd = bytes[position...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
            ?? bytes.endIndex
        let authority = bytes[position..<authorityEnd]
        let host: ArraySlice<UInt8>
        if let colon = authority.firstIndex(of: UInt8(ascii: ":")) {
            host = authority[..<colon]
            guard isPort(authority[(colon + 1)...]) else { return false }
        } else {
            host = authority
        }
        return isHost(host)
    }

    private static func schemeSeparator(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 3 else { return nil }
        for index in 0...(bytes.count - 3) where bytes[index] == UInt8(ascii: ":") {
            return bytes[index + 1] == UInt8(ascii: "/") && bytes[index + 2] == UInt8(ascii: "/") ? index : nil
        }
        return nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, isLetter(first) else { return false }
        return bytes.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }

    private static func isPort(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard (1...5).contains(bytes.count), bytes.allSatisfy(isDigit) else { return false }
        let value = bytes.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        return (1...65535).contains(value)
    }

    private static func isHost(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard (1...253).contains(bytes.count) else { return false }
        let labels = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        for label in labels {
            guard (1...63).contains(label.count), label.allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "-") }),
                label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-"),
                !zip(label, label.dropFirst()).contains(where: { $0 == UInt8(ascii: "-") && $1 == UInt8(ascii: "-") })
            else { return false }
        }
        // A last label that starts with a digit may be numeric (an IPv4 address in some spelling): the full CLI's.
        return labels.last.flatMap(\.first).map(isLetter) ?? false
    }
}
