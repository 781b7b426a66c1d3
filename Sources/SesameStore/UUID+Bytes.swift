import Foundation

extension UUID {
    /// The 16 raw bytes, as stored in the database.
    var bytes: [UInt8] {
        withUnsafeBytes(of: uuid) { Array($0) }
    }

    init?(bytes: [UInt8]?) {
        guard let bytes, bytes.count == 16 else { return nil }
        // Built from the bytes directly: starting from `UUID()` drew 16 random bytes from the system (a read of
        // the random device) for every row read, a tenth of an identity sync.
        self.init(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
                         bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
