/// The CBOR values an authenticator emits (RFC 8949), encoded canonically as CTAP2 requires: the shortest head for
/// every integer and length, definite lengths only, map keys sorted by their encoded bytes, shorter first, then
/// bytewise (RFC 8949 §4.2.3's length-first order, which CTAP2 §6 specifies). There is no decoder: nothing Sesame
/// reads is CBOR.
public indirect enum CBOR: Sendable, Equatable {
    case unsigned(UInt64)
    /// A negative integer, stored as the value itself (`-7`); must be below zero.
    case negative(Int64)
    case bytes([UInt8])
    case text(String)
    case map([(key: CBOR, value: CBOR)])

    public static func == (lhs: CBOR, rhs: CBOR) -> Bool { lhs.encoded == rhs.encoded }

    /// An integer of either sign.
    public static func integer(_ value: Int64) -> CBOR {
        value < 0 ? .negative(value) : .unsigned(UInt64(value))
    }

    /// The canonical encoding.
    public var encoded: [UInt8] {
        var output: [UInt8] = []
        encode(into: &output)
        return output
    }

    private func encode(into output: inout [UInt8]) {
        switch self {
        case .unsigned(let value):
            Self.head(major: 0, value, into: &output)
        case .negative(let value):
            precondition(value < 0, "CBOR.negative holds negative numbers only")
            // -1 - n is encoded as n: for -7, 6.
            Self.head(major: 1, UInt64(-(value + 1)), into: &output)
        case .bytes(let bytes):
            Self.head(major: 2, UInt64(bytes.count), into: &output)
            output += bytes
        case .text(let text):
            Self.head(major: 3, UInt64(text.utf8.count), into: &output)
            output += Array(text.utf8)
        case .map(let pairs):
            let encodedPairs = pairs.map { (key: $0.key.encoded, value: $0.value.encoded) }
                .sorted { Self.canonicallyPrecedes($0.key, $1.key) }
            Self.head(major: 5, UInt64(encodedPairs.count), into: &output)
            for pair in encodedPairs { output += pair.key + pair.value }
        }
    }

    /// Length first, then bytewise.
    static func canonicallyPrecedes(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        lhs.count != rhs.count ? lhs.count < rhs.count : lhs.lexicographicallyPrecedes(rhs)
    }

    /// The initial byte and argument, in the fewest bytes (RFC 8949 §3, §4.2.1).
    private static func head(major: UInt8, _ value: UInt64, into output: inout [UInt8]) {
        let type = major << 5
        switch value {
        case 0..<24:
            output.append(type | UInt8(value))
        case 24..<0x100:
            output += [type | 24, UInt8(value)]
        case 0x100..<0x1_0000:
            output += [type | 25] + withUnsafeBytes(of: UInt16(value).bigEndian, Array.init)
        case 0x1_0000..<0x1_0000_0000:
            output += [type | 26] + withUnsafeBytes(of: UInt32(value).bigEndian, Array.init)
        default:
            output += [type | 27] + withUnsafeBytes(of: value.bigEndian, Array.init)
        }
    }
}
