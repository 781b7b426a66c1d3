import Foundation

/// PEM text (RFC 7468) of a private key, as KeePass files keep passkeys (`-----BEGIN PRIVATE KEY-----`, base64,
/// `-----END PRIVATE KEY-----`). The decoded bytes go straight into ``SecureBytes``.
public enum PEM {
    /// The largest text read: a P-256 key's PEM is about 250 bytes, an RSA-4096 one about 3,300.
    public static let maximumTextByteCount = 16 * 1024

    /// The DER bytes of a private key's PEM text. Readers are lenient where writers differ: line breaks anywhere or
    /// nowhere (KeePassXC's tests run the lines together), CR LF, spaces, base64url instead of base64, missing
    /// padding, and a bare base64 body without the BEGIN and END lines (what some importers stored). Nil for
    /// anything else, or text over ``maximumTextByteCount``.
    public static func privateKey(from text: String) -> SecureBytes? {
        guard text.utf8.count <= maximumTextByteCount else { return nil }
        var body = Substring(text)
        if let begin = body.range(of: "-----BEGIN ") {
            guard let labelEnd = body[begin.upperBound...].range(of: "-----") else { return nil }
            let label = body[begin.upperBound..<labelEnd.lowerBound]
            guard label == "PRIVATE KEY" else { return nil }
            guard let end = body.range(of: "-----END PRIVATE KEY-----", range: labelEnd.upperBound..<body.endIndex) else {
                return nil
            }
            body = body[labelEnd.upperBound..<end.lowerBound]
        }
        var digits = Array(body.utf8.filter { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) })
        defer { zeroize(&digits) }
        return Base64.decode(&digits)
    }

    /// PEM text of a PKCS#8 private key: 64-character lines, a final line break (what OpenSSL and Botan write).
    /// The text cannot be wiped once made; it is made only for an export that asked for it.
    public static func privateKeyText(_ der: SecureBytes) -> String {
        let encoded = der.withUnsafeBytes { Data($0).base64EncodedString() }
        var lines = ["-----BEGIN PRIVATE KEY-----"]
        var start = encoded.startIndex
        while start < encoded.endIndex {
            let end = encoded.index(start, offsetBy: 64, limitedBy: encoded.endIndex) ?? encoded.endIndex
            lines.append(String(encoded[start..<end]))
            start = end
        }
        lines.append("-----END PRIVATE KEY-----")
        return lines.joined(separator: "\n") + "\n"
    }
}
