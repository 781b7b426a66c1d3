import Foundation

/// base64url without padding (RFC 4648 §5), the text form of WebAuthn's binary values: credential ids, user
/// handles, and keys in Bitwarden's and the Credential Exchange Format's files.
public enum Base64URL {
    /// The text of `bytes`, without padding.
    public static func encode(_ bytes: some ContiguousBytes) -> String {
        var text = bytes.withUnsafeBytes { Data($0).base64EncodedString() }
        text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    /// The bytes of base64url text; padding is accepted, and so is the standard alphabet (`+`, `/`), which some
    /// writers use for the same fields. Nil for any other character, or a length no encoding produces.
    public static func decode(_ text: String) -> [UInt8]? {
        var digits = Array(text.utf8)
        guard let secure = Base64.decode(&digits) else { return text.isEmpty ? [] : nil }
        return secure.withUnsafeBytes { Array($0) }
    }

    /// As ``decode(_:)``, into secure memory, for keys.
    public static func decodeSecret(_ text: String) -> SecureBytes? {
        var digits = Array(text.utf8)
        defer { zeroize(&digits) }
        return Base64.decode(&digits)
    }
}

/// base64 in both alphabets (RFC 4648 §4 and §5), padding optional, decoded without a `String` copy.
enum Base64 {
    static func decode(_ digits: inout [UInt8]) -> SecureBytes? {
        while digits.last == UInt8(ascii: "=") { digits.removeLast() }
        guard !digits.isEmpty, digits.count % 4 != 1 else { return nil }
        let output = SecureBytes(count: digits.count * 3 / 4, lockedInMemory: false)
        let ok = output.withUnsafeMutableBytes { out -> Bool in
            var accumulator: UInt32 = 0, bits = 0, index = 0
            for digit in digits {
                guard let value = sextet(digit) else { return false }
                accumulator = accumulator << 6 | UInt32(value)
                bits += 6
                if bits >= 8 {
                    bits -= 8
                    out[index] = UInt8(truncatingIfNeeded: accumulator >> UInt32(bits))
                    index += 1
                }
            }
            accumulator = 0
            return index == out.count
        }
        return ok ? output : nil
    }

    private static func sextet(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): digit - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): digit - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"), UInt8(ascii: "-"): 62
        case UInt8(ascii: "/"), UInt8(ascii: "_"): 63
        default: nil
        }
    }
}
