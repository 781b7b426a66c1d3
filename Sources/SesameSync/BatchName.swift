import Foundation

/// The name of a batch file in the sync root: `ops/<32 hex device>/<12 digit seq>.sop`. Anything else found
/// there (a Syncthing `.sync-conflict-…` copy, a `.tmp`, a Dropbox "conflicted copy", an iCloud placeholder) is
/// not a batch and is ignored.
public struct BatchName: Hashable, Sendable, Comparable {
    public var device: UUID
    public var seq: UInt64

    public init(device: UUID, seq: UInt64) {
        self.device = device
        self.seq = seq
    }

    public var folder: String { "ops/\(device.hexName)" }
    public var fileName: String { String(format: "%012llu.sop", seq) }
    public var path: String { "\(folder)/\(fileName)" }

    /// Parses a device folder name and a file name inside it; nil for anything that is not exactly a batch name.
    public init?(folder: String, fileName: String) {
        guard let device = UUID(hexName: folder), fileName.utf8.count == 16, fileName.hasSuffix(".sop") else {
            return nil
        }
        let digits = fileName.dropLast(4)
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let seq = UInt64(digits), seq > 0 else { return nil }
        self.init(device: device, seq: seq)
    }

    public static func < (lhs: BatchName, rhs: BatchName) -> Bool {
        lhs.device == rhs.device ? lhs.seq < rhs.seq : UUID.bytewiseLess(lhs.device, rhs.device)
    }
}
