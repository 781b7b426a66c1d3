import Foundation
import FuzzSupport
@testable import SesameInterchange

/// Any bytes as a Sesame backup: the header check (which runs before any key derivation, and passes nothing over
/// the Argon2id limit) and the decoding of decrypted contents (what a hostile writer holding the password could
/// have sealed; their shape is counted first) must not crash, and contents that decode write back to contents that
/// decode to the same items and KeePass database records.
@main
enum FuzzBackup {
    static func main() {
        LibFuzzer.run { raw in
            let bytes = Array(raw)
            if let kdf = try? BackupFormat.parseHeader(bytes) {
                precondition(!kdf.exceedsLimits, "a header over the key-derivation limit passed the check")
            }
            guard let batch = try? BackupFormat.decodeContents(Data(bytes)) else { return }
            let items = batch.records.map(\.item)
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .deferredToDate
            let databases = batch.keePassDatabases.isEmpty ? nil : batch.keePassDatabases
            guard let again = try? encoder.encode(BackupFormat.Contents(format: 1, exported: Date(), items: items,
                                                                        keePassDatabases: databases)) else {
                preconditionFailure("decoded items do not encode")
            }
            let reread = try? BackupFormat.decodeContents(again)
            precondition(reread?.records.map(\.item) == items && reread?.keePassDatabases == batch.keePassDatabases,
                         "items do not survive a write and a read")
        }
    }
}
