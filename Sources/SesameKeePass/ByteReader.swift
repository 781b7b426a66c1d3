/// Little-endian reading from untrusted bytes: every read checks the bounds and reports damage, never traps.
struct ByteReader {
    let bytes: [UInt8]
    private(set) var offset: Int
    private let context: String

    init(_ bytes: [UInt8], offset: Int = 0, context: String) {
        self.bytes = bytes
        self.offset = offset
        self.context = context
    }

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func take(_ count: Int) throws -> ArraySlice<UInt8> {
        guard count >= 0, count <= bytes.count - offset else { throw KeePassError.damaged("\(context) is truncated") }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func u8() throws -> UInt8 { try take(1).first! }
    mutating func u16() throws -> UInt16 { UInt16(truncatingIfNeeded: try integer(2)) }
    mutating func u32() throws -> UInt32 { UInt32(truncatingIfNeeded: try integer(4)) }
    mutating func u64() throws -> UInt64 { try integer(8) }

    private mutating func integer(_ size: Int) throws -> UInt64 {
        try take(size).reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }
}

/// Little-endian encoding of the integers the format uses.
extension Array where Element == UInt8 {
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }

    static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendLittleEndian(value)
        return bytes
    }
}
