/// A passkey's private key as `PEM.privateKeyText` writes it, from the base64url text the agent sends, without
/// Foundation: the same digits in base64's alphabet, padded, in 64-character lines with a final line break.
enum FrontPEM {
    /// Nil for text that is not unpadded base64url (then the full CLI prints the item).
    static func privateKeyText(base64URL text: String) -> String? {
        var digits: [UInt8] = []
        digits.reserveCapacity(text.utf8.count + 3)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits.append(byte)
            case UInt8(ascii: "-"): digits.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_"): digits.append(UInt8(ascii: "/"))
            default: return nil
            }
        }
        // One digit past a group of four carries no whole byte: not what an encoder writes.
        guard !digits.isEmpty, digits.count % 4 != 1 else { return nil }
        while digits.count % 4 != 0 { digits.append(UInt8(ascii: "=")) }
        var pem = Array("-----BEGIN PRIVATE KEY-----\n".utf8)
        var start = 0
        while start < digits.count {
            let end = min(start + 64, digits.count)
            pem += digits[start..<end] + [UInt8(ascii: "\n")]
            start = end
        }
        pem += Array("-----END PRIVATE KEY-----\n".utf8)
        return String(decoding: pem, as: UTF8.self)
    }
}
