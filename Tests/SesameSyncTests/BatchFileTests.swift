import Foundation
import SesameCrypto
import Testing
import SesameAutoFillTestSupport
@testable import SesameSync

/// The batch format: round trip, padding, and everything a hostile transport can do to a file.
@Suite struct BatchFileTests {
    let vault = UUID()
    let root = SymmetricKey()
    /// What batches are sealed under: the root's batch key.
    var key: SymmetricKey { SyncKeys(root: root).batch }

    func twoBatches(of replica: Replica) -> [(name: BatchName, file: [UInt8])] {
        replica.write(UUID(), payload: Array("first".utf8))
        let first = replica.flush()!
        replica.write(UUID(), payload: Array("second".utf8))
        return [first, replica.flush()!]
    }

    @Test func roundTripAndPadding() throws {
        let device = UUID()
        let op = SyncOp(id: OpID(device: device, counter: 7), item: UUID(), kind: .put(state: 1, payload: [9, 8, 7]),
                        parents: [OpID(device: UUID(), counter: 3)], time: HybridTimestamp(milliseconds: 5, counter: 2))
        let batch = Batch(device: device, seq: 4, previousHash: Array(repeating: 1, count: 32),
                          seen: [UUID(): 12], ops: [op, SyncOp(id: OpID(device: device, counter: 8), item: op.item,
                                                               kind: .delete, parents: [op.id], time: .zero)])
        let file = batch.sealed(vault: vault, key: key)
        #expect(try Batch.open(file, vault: vault, device: device, seq: 4, key: key) == batch)
        // Sizes move in 512-byte steps only.
        #expect((file.count - 9 - AEAD.overhead) % Batch.paddingBucket == 0)
        // Nothing in the file is the payload or an id in clear.
        #expect(!file.containsSubsequence(op.item.byteArray))
        #expect(!file.containsSubsequence(device.byteArray))
    }

    @Test func bitFlipsAndTruncationsAreRejectedAndOthersUnaffected() throws {
        let writer = Replica(vault: vault, key: root)
        let other = Replica(vault: vault, key: root)
        var files = twoBatches(of: writer)
        other.write(UUID(), payload: [1])
        let otherFile = other.flush()!
        var generator = SeededGenerator(seed: 5)
        for _ in 0..<200 {
            var damaged = files[0].file
            if Bool.random(using: &generator) {
                damaged[Int.random(in: 0..<damaged.count, using: &generator)] ^= 1 << UInt8.random(in: 0...7, using: &generator)
            } else {
                damaged = Array(damaged.prefix(Int.random(in: 0..<damaged.count, using: &generator)))
            }
            let reader = Replica(vault: vault, key: root)
            let verdicts = try reader.ingest([(files[0].name, damaged), files[1], otherFile])
            // The damaged file is refused, the one after it waits, the other device's file is applied.
            #expect(verdicts.contains { if case .rejected = $0 { true } else { false } })
            #expect(reader.appliedSeq(of: writer.device) == 0)
            #expect(reader.appliedSeq(of: other.device) == 1)
        }
        // A nonce swapped in from another file fails too.
        let nonceRange = 9..<(9 + AEAD.nonceByteCount)
        files[0].file.replaceSubrange(nonceRange, with: files[1].file[nonceRange])
        #expect(try Replica(vault: vault, key: root).ingest([files[0]]) == [.rejected(.authenticationFailed)])
    }

    @Test func filesMovedToAnotherSeqDeviceOrVaultDoNotOpen() throws {
        let writer = Replica(vault: vault, key: root)
        let files = twoBatches(of: writer)
        let reader = Replica(vault: vault, key: root)
        let movedSeq = BatchName(device: writer.device, seq: 1)
        #expect(try reader.ingest([(movedSeq, files[1].file)]) == [.rejected(.authenticationFailed)])
        let movedDevice = BatchName(device: UUID(), seq: 1)
        #expect(try reader.ingest([(movedDevice, files[0].file)]) == [.rejected(.authenticationFailed)])
        let elsewhere = Replica(vault: UUID(), key: root)
        #expect(try elsewhere.ingest([files[0]]) == [.rejected(.authenticationFailed)])
    }

    @Test func equivocationAndBrokenChainsAreRejected() throws {
        let writer = Replica(vault: vault, key: root)
        let files = twoBatches(of: writer)
        let reader = Replica(vault: vault, key: root)
        try reader.ingest(files)
        // Another file under an applied name, validly sealed (a device that forked, or a key holder lying).
        let fork = Batch(device: writer.device, seq: 2, previousHash: Batch.hash(ofFile: files[0].file), seen: [:],
                         ops: [SyncOp(id: OpID(device: writer.device, counter: 9), item: UUID(), kind: .delete,
                                      parents: [], time: .zero)])
        let forked = fork.sealed(vault: vault, key: key)
        #expect(try reader.ingest([(files[1].name, forked)])
                == [.rejected(.equivocation(device: writer.device.hexName, seq: 2))])
        // A file that does not name its predecessor.
        let fresh = Replica(vault: vault, key: root)
        try fresh.ingest([files[0]])
        var unchained = fork
        unchained.previousHash = Batch.noPreviousHash
        #expect(try fresh.ingest([(files[1].name, unchained.sealed(vault: vault, key: key))])
                == [.rejected(.brokenChain)])
        // Counters that go backwards: ops replayed from an earlier file.
        var replayed = fork
        replayed.ops[0].id.counter = 1
        #expect(try fresh.ingest([(files[1].name, replayed.sealed(vault: vault, key: key))])
                == [.rejected(.foreignOperation)])
    }

    @Test func onlyExactBatchNamesAreRead() {
        let device = UUID()
        #expect(BatchName(folder: device.hexName, fileName: "000000000001.sop") == BatchName(device: device, seq: 1))
        for junk in ["000000000001.sync-conflict-20240101-000000-ABCDEFG.sop", ".syncthing.000000000001.sop.tmp",
                     "000000000001 (conflicted copy).sop", ".000000000001.sop.icloud", "000000000000.sop",
                     "00000000000a.sop", "000000000001.sop.tmp", "+00000000001.sop"] {
            #expect(BatchName(folder: device.hexName, fileName: junk) == nil)
        }
        #expect(BatchName(folder: device.hexName.uppercased(), fileName: "000000000001.sop") == nil)
    }
}

extension Array where Element == UInt8 {
    func containsSubsequence(_ needle: [UInt8]) -> Bool {
        guard needle.count <= count else { return false }
        return (0...(count - needle.count)).contains { Array(self[$0..<$0 + needle.count]) == needle }
    }
}
