import Foundation

extension UUID {
    /// The 16 raw bytes, as stored in the database.
    var bytes: [UInt8] {
        withUnsafeBytes(of: uuid) { Array($0) }
    }

    init?(bytes: [UInt8]?) {
        guard let bytes, bytes.count == 16 else { return nil }
        var value = UUID().uuid
        withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: bytes) }
        self.init(uuid: value)
    }
}
