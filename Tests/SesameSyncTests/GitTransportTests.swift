import Foundation
import SesameCrypto
import SesameStore
import SesameSync
import SesameSyncTransport
import Testing
import SesameAutoFillTestSupport

/// A local bare repository and three devices with their own clones, each going offline at random: every sync
/// pulls, merges and pushes without a single merge conflict, and all three end with the same vault.
@Suite struct GitTransportTests {
    let folder = TemporaryFolder()

    func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    /// A remote that never answers (here its upload-pack sleeps) is stopped at the time limit with one sentence,
    /// together with what git started, instead of holding every later round behind it.
    @Test func aRemoteThatNeverAnswersIsStoppedAtTheTimeLimit() throws {
        let remote = folder.file("silent.git")
        try run(["init", "-q", "--bare", "-b", "main", remote])
        let transport = GitTransport(workTree: folder.file("silent-tree"), remote: remote, timeLimitSeconds: 2)
        try transport.prepare()
        let marker = folder.file("upload-pack-ran")
        try run(["-C", transport.workTree, "config", "remote.origin.uploadpack",
                 "touch '\(marker)'; sleep 120; git-upload-pack"])
        let start = Date()
        do {
            try transport.pull()
            Issue.record("a pull from a silent remote returned")
        } catch let error as SyncError {
            #expect("\(error)".contains("did not finish within 2 seconds"), "\(error)")
        }
        #expect(FileManager.default.fileExists(atPath: marker), "the slow upload-pack never ran")
        #expect(Date().timeIntervalSince(start) < 60)
    }

    @Test func threeClonesWithRandomOfflinePeriodsConverge() throws {
        let remote = folder.file("remote.git")
        try run(["init", "-q", "--bare", "-b", "main", remote])
        let transports = (0..<3).map { GitTransport(workTree: folder.file("tree\($0)"), remote: remote) }
        try transports[0].prepare()
        var vaults = [try makeSyncedVault(at: folder.file("v0.sqlite"), transport: transports[0])]
        for index in 1..<3 {
            try transports[index].prepare()
            vaults.append(try cloneSyncedVault(at: folder.file("v\(index).sqlite"), transport: transports[index]))
        }
        var generator = SeededGenerator(seed: 13)
        var offline = [false, false, false]
        var syncs = 0
        for step in 0..<45 {
            let index = Int.random(in: 0..<3, using: &generator)
            let vault = vaults[index]
            let ids = try vault.allItems().items.map(\.id)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0, 1: try vault.add(Item(title: "item \(step)", password: "p\(step)"))
            case 2:
                if let id = ids.randomElement(using: &generator) {
                    try vault.updateItem(withID: id) { $0.password = "edit \(step)" }
                }
            case 3:
                if let id = ids.randomElement(using: &generator) { try vault.delete(id: id) }
            case 4: offline[index].toggle()
            default:
                // Offline devices keep writing; they sync when they come back.
                guard !offline[index] else { continue }
                _ = try vault.sync(with: transports[index])
                syncs += 1
            }
        }
        for _ in 0..<2 { for index in 0..<3 { _ = try vaults[index].sync(with: transports[index]) } }
        let states = try vaults.map { try $0.visibleState() }
        #expect(states[0] == states[1])
        #expect(states[1] == states[2])
        #expect(syncs > 5)
        // No merge ever conflicted: every tree is clean and holds every device's files.
        for transport in transports {
            #expect(!FileManager.default.fileExists(atPath: transport.workTree + "/.git/MERGE_HEAD"))
            #expect(Set(try transport.listBatches().map(\.device)).count == 3)
        }
    }
}
