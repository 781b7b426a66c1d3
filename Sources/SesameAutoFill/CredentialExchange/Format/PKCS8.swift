/// Just enough of PKCS#8 (RFC 5958) DER to tell which key a passkey carries: `PrivateKeyInfo` is a sequence of a
/// version, an algorithm identifier and the key in an octet string. Sesame's passkeys are ES256, so only an EC key
/// on P-256 whose `ECPrivateKey` (RFC 5915) holds a scalar of at most 32 bytes counts as usable; the key itself is
/// checked when the passkey model loads it. Nothing here is a crypto primitive: it reads structure, not numbers.
public enum PKCS8 {
    public enum Algorithm: Sendable, Equatable {
        case p256
        /// Another algorithm or curve, by name (`Ed25519`, `RSA`, `EC P-384`, or the OID's dotted form).
        case other(String)
        case malformed
    }

    // Object identifiers as DER content bytes.
    static let ecPublicKey: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]
    static let prime256v1: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]
    static let known: [[UInt8]: String] = [
        [0x2B, 0x65, 0x70]: "Ed25519",
        [0x2B, 0x65, 0x71]: "Ed448",
        [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]: "RSA",
        [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0A]: "RSA-PSS",
        [0x2B, 0x81, 0x04, 0x00, 0x22]: "EC P-384",
        [0x2B, 0x81, 0x04, 0x00, 0x23]: "EC P-521",
        [0x2B, 0x81, 0x04, 0x00, 0x0A]: "EC secp256k1",
    ]

    public static func algorithm(of der: [UInt8]) -> Algorithm {
        var outer = DERReader(der[...])
        guard let info = outer.element(tag: 0x30), outer.isAtEnd else { return .malformed }
        var fields = DERReader(info)
        guard let version = fields.element(tag: 0x02), version.count == 1, version.first! <= 1,
              let identifier = fields.element(tag: 0x30), let privateKey = fields.element(tag: 0x04)
        else { return .malformed }
        var algorithm = DERReader(identifier)
        guard let oid = algorithm.element(tag: 0x06) else { return .malformed }
        guard Array(oid) == ecPublicKey else {
            return .other(known[Array(oid)] ?? dotted(oid))
        }
        guard let curve = algorithm.element(tag: 0x06) else { return .malformed }
        guard Array(curve) == prime256v1 else { return .other(known[Array(curve)] ?? "EC " + dotted(curve)) }
        // ECPrivateKey: version 1, then the scalar.
        var keyOuter = DERReader(privateKey)
        guard let ecKey = keyOuter.element(tag: 0x30), keyOuter.isAtEnd else { return .malformed }
        var ecFields = DERReader(ecKey)
        guard let ecVersion = ecFields.element(tag: 0x02), Array(ecVersion) == [1],
              let scalar = ecFields.element(tag: 0x04), (1...32).contains(scalar.count)
        else { return .malformed }
        return .p256
    }

    /// An object identifier in dotted form, for a message.
    static func dotted(_ oid: ArraySlice<UInt8>) -> String {
        guard let first = oid.first else { return "an empty algorithm identifier" }
        var parts = [String(min(Int(first) / 40, 2)), String(Int(first) - min(Int(first) / 40, 2) * 40)]
        var value = 0
        for byte in oid.dropFirst() {
            guard value < 1 << 48 else { return "an unknown algorithm" }
            value = value << 7 | Int(byte & 0x7F)
            if byte & 0x80 == 0 {
                parts.append(String(value))
                value = 0
            }
        }
        return parts.joined(separator: ".")
    }

    /// Reads DER elements in order: tag, definite length (short or long form), content.
    struct DERReader {
        private var bytes: ArraySlice<UInt8>

        init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

        var isAtEnd: Bool { bytes.isEmpty }

        /// The content of the next element when it has `tag`; nil (and nothing consumed) otherwise.
        mutating func element(tag: UInt8) -> ArraySlice<UInt8>? {
            var cursor = bytes.startIndex
            guard cursor < bytes.endIndex, bytes[cursor] == tag else { return nil }
            cursor += 1
            guard cursor < bytes.endIndex else { return nil }
            var length = Int(bytes[cursor])
            cursor += 1
            if length & 0x80 != 0 {
                let count = length & 0x7F
                guard (1...3).contains(count), bytes.endIndex - cursor >= count else { return nil }
                length = 0
                for byte in bytes[cursor..<cursor + count] { length = length << 8 | Int(byte) }
                cursor += count
            }
            guard bytes.endIndex - cursor >= length else { return nil }
            let content = bytes[cursor..<cursor + length]
            bytes = bytes[(cursor + length)...]
            return content
        }
    }
}
