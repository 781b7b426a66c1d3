import Foundation
import SesameCrypto
import Testing
@testable import SesameSync

/// Snapshots and pruning: a newcomer starting from a snapshot plus the remaining logs sees what the full log
/// shows, and pruning never removes what some device has not acknowledged.
@Suite struct CompactionTests {
    @Test("Snapshot plus the remaining logs equals the full log", arguments: Array(UInt64(40)...UInt64(55)))
    func snapshotPlusRemainingLogsEqualsFullLog(seed: UInt64) throws {
        var network = MergePropertyTests.Network(seed: seed, replicaCount: 3)
        for _ in 0..<80 { try network.step() }
        let author = network.replicas[0]
        if let flushed = author.flush() { network.published.append(flushed) }
        let snapshot = author.snapshot()
        // Through the file format, as a newcomer would read it.
        let file = snapshot.sealed(vault: author.vault, key: author.key)
        let read = try Snapshot.open(file, vault: author.vault, device: author.device, seq: snapshot.seq, key: author.key)
        #expect(read == snapshot)
        #expect(throws: SyncError.authenticationFailed) {
            try Snapshot.open(file, vault: author.vault, device: author.device, seq: snapshot.seq + 1, key: author.key)
        }
        let covered = Set(network.published.map(\.name).filter { $0.seq <= snapshot.progress[$0.device]?.seq ?? 0 })
        for _ in 0..<80 { try network.step() }
        try network.settle()
        let full = network.replicas[1].digest
        let withEverything = Replica.starting(from: read, vault: author.vault, key: author.key)
        try withEverything.ingest(network.published.shuffled())
        let pruned = Replica.starting(from: read, vault: author.vault, key: author.key)
        try pruned.ingest(network.published.filter { !covered.contains($0.name) })
        #expect(withEverything.digest == full)
        #expect(pruned.digest == full)
        #expect(withEverything.rejections.isEmpty && pruned.rejections.isEmpty)
    }

    @Test func pruningWaitsForEveryAcknowledgementAndASnapshot() throws {
        let me = UUID(), other = UUID(), silent = UUID()
        let acks = [other: Acknowledgement(device: other, applied: [me: 40]),
                    silent: Acknowledgement(device: silent, applied: [me: 12])]
        #expect(Acknowledgement.prunableSeq(of: me, devices: [me, other, silent], acknowledgements: acks,
                                            snapshotCoverage: 30) == 12)
        #expect(Acknowledgement.prunableSeq(of: me, devices: [me, other], acknowledgements: acks,
                                            snapshotCoverage: 30) == 30)
        // A device that never acknowledged covers nothing.
        #expect(Acknowledgement.prunableSeq(of: me, devices: [me, other, UUID()], acknowledgements: acks,
                                            snapshotCoverage: 30) == 0)
        let vault = UUID(), key = SymmetricKey()
        let file = acks[other]!.sealed(vault: vault, key: key)
        #expect(try Acknowledgement.open(file, vault: vault, device: other, key: key) == acks[other])
        #expect(throws: SyncError.authenticationFailed) { try Acknowledgement.open(file, vault: vault, device: me, key: key) }
    }
}
