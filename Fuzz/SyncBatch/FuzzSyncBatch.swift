import Foundation
import FuzzSupport
import SesameCrypto
@testable import SesameSync

/// Any bytes as a batch plaintext (what an authenticated but hostile device could have sealed), as a whole batch
/// file (what any transport could put in the folder), as a vault header (versions 1 to 3), as a keyring (what
/// a header's password box holds), and as a snapshot's and an acknowledgement's plaintext. Nothing may crash or
/// allocate beyond what the bytes justify, what parses seals and opens back to the same value, a header encodes
/// back to its bytes and never gets past the key-derivation budget with costs above it, and a keyring survives
/// its encoding. Seeds include hostile shapes: counts and lengths far beyond the bytes, the largest Argon2id
/// costs a header may name.
@main
enum FuzzSyncBatch {
    static func main() {
        let device = UUID(uuid: (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
        let vault = UUID(uuid: (15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0))
        let key = try! SymmetricKey(bytes: SecureBytes(copying: [UInt8](repeating: 7, count: 32)))
        LibFuzzer.run { raw in
            let bytes = Array(raw)
            if let header = try? SyncHeader(decoding: bytes) {
                // Devices compare headers by their encoding (`supersedes`): it must be the bytes read.
                precondition(header.encoded == bytes, "a vault header does not encode back to its bytes")
                _ = header.isAuthentic(forAnyOf: SyncKeyring(root: key).entries)
                _ = header.namesRootsMissing(from: SyncKeyring(root: key))
                // What a device checks before deriving a key from a header it did not make.
                let affordable = (try? SyncBudget.checkKeyDerivation(header.kdf)) != nil
                precondition(affordable == (header.kdf.memoryBytes <= UInt64(SyncBudget.maximumKDFMemoryMiB) << 20
                    && header.kdf.passes <= SyncBudget.maximumKDFPasses), "the key-derivation budget is not enforced")
            }
            if let snapshot = try? Snapshot.parse(bytes, device: device, seq: 1) {
                let again = try? Snapshot.open(snapshot.sealed(vault: vault, key: key), vault: vault, device: device,
                                               seq: 1, key: key)
                precondition(again == snapshot, "a snapshot does not survive a seal and an open")
            }
            if let acknowledgement = try? Acknowledgement.parse(bytes, device: device) {
                let again = try? Acknowledgement.open(acknowledgement.sealed(vault: vault, key: key), vault: vault,
                                                      device: device, key: key)
                precondition(again == acknowledgement, "an acknowledgement does not survive a seal and an open")
            }
            if let keyring = try? SyncKeyring(decoding: bytes) {
                let again = try? SyncKeyring(decoding: keyring.encoded)
                precondition(again?.ids == keyring.ids && again?.encoded == keyring.encoded,
                             "a keyring does not survive its encoding")
            }
            _ = try? Batch.open(bytes, vault: vault, device: device, seq: 1, key: key)
            guard let batch = try? Batch.parse(bytes, device: device, seq: 1) else { return }
            let again = try? Batch.open(batch.sealed(vault: vault, key: key), vault: vault, device: device, seq: 1, key: key)
            precondition(again == batch, "a batch does not survive a seal and an open")
        }
    }
}
