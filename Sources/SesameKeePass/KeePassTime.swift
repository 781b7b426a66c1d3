import Foundation

/// KeePass timestamps: KDBX 4 stores base64 of a little-endian Int64 count of seconds since 0001-01-01 UTC,
/// KDBX 3 an ISO 8601 string. Both have whole-second precision.
enum KeePassTime {
    /// Seconds from 0001-01-01 to 1970-01-01 in the proleptic Gregorian calendar.
    private static let unixEpochOffset: Int64 = 62_135_596_800
    /// 9999-12-31T23:59:59Z, KeePass's largest time (its "never expires"), counted from 0001-01-01.
    private static let maximumSeconds: Int64 = 315_537_897_599

    static func parse(_ text: String) -> Date? {
        // Cheap checks first: an import parses several times per entry.
        if text.utf8.contains(0x2D) {
            return try? Date(text.trimmingCharacters(in: .whitespacesAndNewlines), strategy: .iso8601)
        }
        guard let bytes = Data(base64Encoded: text, options: .ignoreUnknownCharacters), bytes.count == 8 else { return nil }
        // Clamped to KeePass's range: a hostile value must not overflow the arithmetic.
        let seconds = min(max(Int64(bitPattern: bytes.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }), 0), maximumSeconds)
        return Date(timeIntervalSince1970: TimeInterval(seconds - unixEpochOffset))
    }

    static func format(_ date: Date) -> String {
        let since1970 = date.timeIntervalSince1970.rounded(.down)
        let seconds = since1970.isFinite
            ? Int64(min(max(since1970 + Double(unixEpochOffset), 0), Double(maximumSeconds))) : maximumSeconds
        return Data([UInt8].littleEndian(seconds)).base64EncodedString()
    }
}
