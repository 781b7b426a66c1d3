import Foundation

/// Big-endian writer for the batch and header formats: fixed-width integers and length-prefixed bytes.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    mutating func append(_ raw: [UInt8]) { bytes += raw }

    mutating func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.bigEndian) { bytes += $0 }
    }

    mutating func append(_ id: UUID) { bytes += id.byteArray }

    mutating func appendLengthPrefixed(_ raw: [UInt8]) {
        append(UInt32(raw.count))
        bytes += raw
    }
}

/// Reads what `ByteWriter` wrote; every read is bounds-checked and throws on truncation.
struct ByteReader {
    private let bytes: [UInt8]
    private(set) var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var remaining: Int { bytes.count - offset }

    mutating func read(count: Int) throws(SyncError) -> [UInt8] {
        guard count >= 0, count <= remaining else { throw .malformed("truncated") }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    mutating func read<T: FixedWidthInteger>(_: T.Type) throws(SyncError) -> T {
        let raw = try read(count: MemoryLayout<T>.size)
        return raw.reduce(T.zero) { ($0 << 8) | T($1) }
    }

    mutating func readUUID() throws(SyncError) -> UUID {
        UUID(byteArray: try read(count: 16))
    }

    mutating func readLengthPrefixed(limit: Int) throws(SyncError) -> [UInt8] {
        let count = Int(try read(UInt32.self))
        guard count <= limit else { throw .malformed("a field is too long") }
        return try read(count: count)
    }
}

/// Lower-case hex, without Foundation's formatter (which costs microseconds per byte on Linux, and digests and
/// file names are written for every row and op).
public func lowercaseHex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
        text.append(digits[Int(byte >> 4)])
        text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
}

extension UUID {
    /// The 16 raw bytes, in the order they are written to batch files.
    public var byteArray: [UInt8] { withUnsafeBytes(of: uuid) { Array($0) } }

    /// From exactly 16 bytes (callers check the count).
    public init(byteArray: [UInt8]) {
        precondition(byteArray.count == 16)
        // Not from `UUID()`, which draws random bytes from the system for every id read.
        let b = byteArray
        self.init(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
    }

    /// A total order on raw bytes, so that ties between devices break the same way on every replica.
    public static func bytewiseLess(_ lhs: UUID, _ rhs: UUID) -> Bool {
        lhs.byteArray.lexicographicallyPrecedes(rhs.byteArray)
    }

    /// Lower-case hex of the raw bytes, as used in file names (`ops/<device>/`).
    public var hexName: String { lowercaseHex(byteArray) }

    public init?(hexName: some StringProtocol) {
        guard hexName.count == 32 else { return nil }
        var raw: [UInt8] = []
        var index = hexName.startIndex
        while index < hexName.endIndex {
            let next = hexName.index(index, offsetBy: 2)
            guard let byte = UInt8(hexName[index..<next], radix: 16),
                hexName[index..<next].allSatisfy({ $0.isHexDigit && !$0.isUppercase })
            else { return nil }
            raw.append(byte)
            index = next
        }
        self.init(byteArray: raw)
    }
}
