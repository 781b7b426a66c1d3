import Foundation
import SesameCrypto
import SesameStore
import SesameSync

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

        func medians(_ runs: [(wall: Double, cpu: Double)]) -> String {
            "median \(Measure.format(Measure.median(runs.map(\.wall)))) (CPU \(Measure.format(Measure.median(runs.map(\.cpu)))))"
        }
        var firstSyncs: [(wall: Double, cpu: Double)] = []
        var second: Vault?
        for run in 0..<(quick ? 2 : 3) {
            let clone = try Vault.cloneForSync(at: folder + "/sync-clone\(run).sqlite", header: header!,
                                               password: password, publicSuffixList: Fixtures.publicSuffixList)
            firstSyncs.append(try Measure.wallAndCPU { _ = try clone.sync(with: transport) })
            let received = try clone.count()
            precondition(received == count, "the clone did not receive every item")
            second = clone
        }
        report("| first sync of a \(count)-item vault to a new device, key derivation excluded (\(firstSyncs.count) runs) | \(medians(firstSyncs)) | |")

        let ids = try first.allItems().items.map(\.id)
        var merges: [(wall: Double, cpu: Double)] = []
        var ingests: [(wall: Double, cpu: Double)] = []
        for change in 0..<(quick ? 5 : 15) {
            try first.updateItem(withID: ids[change * 7 % ids.count]) { $0.notes = "change \(change)" }
            _ = try first.sync(with: transport)
            let name = BatchName(device: first.deviceID, seq: try first.syncStatus().flushedBatches)
            let file = try transport.readBatch(name)!
            if change % 2 == 0 {
                merges.append(try Measure.wallAndCPU { _ = try second!.sync(with: transport) })
            } else {
                // The merge alone, without listing or reading the folder.
                ingests.append(try Measure.wallAndCPU { _ = try second!.ingestSyncBatches([(name, file)]) })
                _ = try second!.sync(with: transport)
            }
        }
        report("| one change merged into a synced \(count)-item vault: whole `sync` round (\(merges.count) runs) | \(medians(merges)) | |")
        report("| one change merged, the ingest transaction alone (\(ingests.count) runs) | \(medians(ingests)) | |")
        try keyRotation(folder: folder, count: count, synced: first, other: second!, transport: transport)
        try keePassXCReference(folder: folder, count: count, runs: quick ? 1 : 3)
    }

    /// `sesame passwd` on the synced vault (a new key epoch: items, settings and the op log re-sealed), beside
    /// the same change on an unsynced vault of the same size; then the other device taking in the new key and its
    /// first round under it.
    static func keyRotation(folder: String, count: Int, synced: Vault, other: Vault, transport: FolderTransport) throws {
        let kdf = try KDFParameters.generate(memoryMiB: 19, passes: 2)
        let plain = try Vault.create(at: folder + "/sync-plain.sqlite", password: SecureBytes(utf8: "pw"), kdf: kdf,
                                     publicSuffixList: Fixtures.publicSuffixList)
        try plain.add(contentsOf: (0..<count).map(Fixtures.item))
        let unsynced = try Measure.seconds { try plain.changeMasterPassword(to: SecureBytes(utf8: "pw2")) }
        let rotation = try Measure.seconds { try synced.changeMasterPassword(to: SecureBytes(utf8: "pw2")) }
        _ = try synced.sync(with: transport)
        _ = try other.sync(with: transport)
        let noticed = try other.needsNewSyncPassword
        precondition(noticed, "the other device did not notice the new key")
        let adoption = try Measure.seconds { try other.adoptSyncPassword(SecureBytes(utf8: "pw2")) }
        let firstRound = try Measure.seconds { _ = try other.sync(with: transport) }
        report("| `passwd` on the synced \(count)-item vault: new key epoch, items and op log re-sealed (one Argon2id 19 MiB) | \(Measure.format(rotation)) | |")
        report("| same run, `passwd` on an unsynced \(count)-item vault | \(Measure.format(unsynced)) | |")
        report("| the other device takes in the new key (`sync password`, one Argon2id 19 MiB) | \(Measure.format(adoption)) | |")
        report("| its first round after (vouching batch, merge) | \(Measure.format(firstRound)) | |")
    }

    /// Reference, same run: KeePassXC's whole-database merge (`keepassxc-cli merge`, the anchor's sync), of a
    /// database of the same size into an empty one, and of a copy that differs by one entry. Its figures include
    /// opening both databases (key file only, AES-KDF tuned to its minimum of 100 ms per database).
    static func keePassXCReference(folder: String, count: Int, runs: Int) throws {
        let cli = "/usr/bin/keepassxc-cli"
        guard FileManager.default.isExecutableFile(atPath: cli) else { return }
        let work = folder + "/keepassxc"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try Data(SecureRandom.bytes(count: 32)).write(to: URL(fileURLWithPath: work + "/key"))
        func entries(changed: Int?) -> String {
            (0..<count).map { index in
                let id = Data(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(index >> 24 & 0xFF), UInt8(index >> 16 & 0xFF),
                                          UInt8(index >> 8 & 0xFF), UInt8(index & 0xFF))).byteArray).base64EncodedString()
                let item = Fixtures.item(index)
                let time = index == changed ? "2024-01-02T00:00:00Z" : "2024-01-01T00:00:00Z"
                return "<Entry><UUID>\(id)</UUID><Times><LastModificationTime>\(time)</LastModificationTime></Times>"
                    + "<String><Key>Title</Key><Value>Account \(index)</Value></String>"
                    + "<String><Key>UserName</Key><Value>\(item.username)</Value></String>"
                    + "<String><Key>Password</Key><Value>pw-\(index)</Value></String>"
                    + "<String><Key>URL</Key><Value>\(item.urls.first?.url ?? "")</Value></String>"
                    + "<String><Key>Notes</Key><Value>\(index == changed ? "changed" : "")</Value></String></Entry>"
            }.joined()
        }
        func run(_ arguments: [String]) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: cli)
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
        }
        let root = "<Group><UUID>\(Data(repeating: 7, count: 16).base64EncodedString())</UUID><Name>Root</Name>"
        for (name, body) in [("empty", ""), ("full", entries(changed: nil)), ("changed", entries(changed: 7))] {
            let xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?><KeePassFile><Meta></Meta><Root>\(root)\(body)</Group></Root></KeePassFile>"
            try xml.write(toFile: "\(work)/\(name).xml", atomically: true, encoding: .utf8)
            try run(["import", "-q", "--set-key-file", work + "/key", "-t", "100", "\(work)/\(name).xml", "\(work)/\(name).kdbx"])
        }
        let key = ["-q", "--no-password", "-k", work + "/key", "--no-password-from", "--key-file-from", work + "/key"]
        var first: [Double] = [], one: [Double] = []
        for _ in 0..<runs {
            try? FileManager.default.removeItem(atPath: work + "/a.kdbx")
            try? FileManager.default.removeItem(atPath: work + "/b.kdbx")
            try FileManager.default.copyItem(atPath: work + "/empty.kdbx", toPath: work + "/a.kdbx")
            try FileManager.default.copyItem(atPath: work + "/full.kdbx", toPath: work + "/b.kdbx")
            first.append(try Measure.seconds { try run(["merge"] + key + [work + "/a.kdbx", work + "/full.kdbx"]) })
            one.append(try Measure.seconds { try run(["merge"] + key + [work + "/b.kdbx", work + "/changed.kdbx"]) })
        }
        report("| reference: `keepassxc-cli merge` of \(count) entries into an empty database, whole process (\(runs) runs) | median \(Measure.format(Measure.median(first))) | |")
        report("| reference: `keepassxc-cli merge` of a copy differing by one entry, whole process (\(runs) runs) | median \(Measure.format(Measure.median(one))) | |")
    }
}
