import Foundation
import SesameCrypto
import SesameStore
import SesameSync
import SesameSyncTransport

/// Issue 13's figures: the first sync of a 10,000-item vault to a new device (key derivation excluded), and one
/// change merged into a synced vault of 10,000 items, over a folder transport on the local disk.
enum SyncBenchmark {
    static func run(folder: String, quick: Bool) throws {
        report("## Sync (SesameSync, folder transport)\n")
        let count = quick ? 1_000 : 10_000
        let root = folder + "/sync-root"
        let transport = FolderTransport(root: root)
        let password = SecureBytes(utf8: "pw")
        let kdf = try KDFParameters.generate(memoryMiB: 19, passes: 2)
        let first = try Vault.create(at: folder + "/sync-a.sqlite", password: password, kdf: kdf,
                                     publicSuffixList: Fixtures.publicSuffixList)
        try first.add(contentsOf: (0..<count).map(Fixtures.item))
        var header: SyncHeader?
        let setup = try Measure.seconds { header = try first.setUpSync(password: password) }
        try transport.writeHeader(header!.encoded)
        let publish = try Measure.seconds { _ = try first.sync(with: transport) }
        let size = (try? FileManager.default.attributesOfItem(atPath: root + "/" + BatchName(device: first.deviceID, seq: 1).path)[.size] as? Int) ?? 0
        report("| set up sync on \(count) items (one op each, one transaction, includes one Argon2id 19 MiB) | \(Measure.format(setup)) | |")
        report("| first publish: \(count) ops into one batch of \(size / 1024) KiB | \(Measure.format(publish)) | |")

        var firstSyncs: [Double] = []
        var second: Vault?
        for run in 0..<(quick ? 2 : 3) {
            let clone = try Vault.cloneForSync(at: folder + "/sync-clone\(run).sqlite", header: header!,
                                               password: password, publicSuffixList: Fixtures.publicSuffixList)
            firstSyncs.append(try Measure.seconds { _ = try clone.sync(with: transport) })
            let received = try clone.count()
            precondition(received == count, "the clone did not receive every item")
            second = clone
        }
        report("| first sync of a \(count)-item vault to a new device, key derivation excluded (\(firstSyncs.count) runs) | median \(Measure.format(Measure.median(firstSyncs))) | |")

        let ids = try first.allItems().items.map(\.id)
        var merges: [Double] = []
        var ingests: [Double] = []
        for change in 0..<(quick ? 5 : 15) {
            try first.updateItem(withID: ids[change * 7 % ids.count]) { $0.notes = "change \(change)" }
            _ = try first.sync(with: transport)
            let name = BatchName(device: first.deviceID, seq: try first.syncStatus().flushedBatches)
            let file = try transport.readBatch(name)!
            if change % 2 == 0 {
                merges.append(try Measure.seconds { _ = try second!.sync(with: transport) })
            } else {
                // The merge alone, without listing or reading the folder.
                ingests.append(try Measure.seconds { _ = try second!.ingestSyncBatches([(name, file)]) })
                _ = try second!.sync(with: transport)
            }
        }
        report("| one change merged into a synced \(count)-item vault: whole `sync` round (\(merges.count) runs) | median \(Measure.format(Measure.median(merges))) | |")
        report("| one change merged, the ingest transaction alone (\(ingests.count) runs) | median \(Measure.format(Measure.median(ingests))) | |")
    }
}
