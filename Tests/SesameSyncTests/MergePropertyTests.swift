import Foundation
import SesameCrypto
import Testing
import SesameAutoFillTestSupport
@testable import SesameSync

/// Random schedules over 2–5 in-memory replicas: writes, flushes, and deliveries of random subsets of the
/// published files in random order with duplicates. Every seed is fixed, so a failure names its schedule.
@Suite struct MergePropertyTests {
    struct Network {
        var replicas: [Replica]
        var published: [(name: BatchName, file: [UInt8])] = []
        var flushedPuts: [OpID] = []
        var generator: SeededGenerator

        init(seed: UInt64, replicaCount: Int) {
            generator = SeededGenerator(seed: seed)
            let vault = UUID()
            let key = SymmetricKey()
            replicas = (0..<replicaCount).map { _ in Replica(vault: vault, key: key) }
        }

        mutating func step() throws {
            let replica = replicas.randomElement(using: &generator)!
            replica.wallClock += UInt64.random(in: 0...2_000, using: &generator)
            if Int.random(in: 0..<10, using: &generator) == 0 {
                // Clocks jump: a day ahead, or back by an hour.
                replica.wallClock = Bool.random(using: &generator)
                    ? replica.wallClock + 86_400_000 : replica.wallClock - 3_600_000
            }
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<2:
                replica.write(UUID(), payload: randomPayload())
            case 2..<5:
                if let item = replica.items.randomElement(using: &generator) {
                    replica.write(item, payload: randomPayload(), state: UInt8.random(in: 0...1, using: &generator))
                }
            case 5:
                if let item = replica.items.randomElement(using: &generator) { replica.write(item, payload: nil) }
            case 6..<8:
                if let flushed = replica.flush() {
                    published.append(flushed)
                    flushedPuts += try Batch.open(flushed.file, vault: replica.vault, device: replica.device,
                                                  seq: flushed.name.seq, key: replica.keyring.current.keys.batch).ops.filter(\.isPut).map(\.id)
                }
            default:
                // Partial, reordered, duplicated delivery.
                var delivery = published.filter { _ in Bool.random(using: &generator) }
                delivery += delivery.prefix(Int.random(in: 0...2, using: &generator))
                delivery.shuffle(using: &generator)
                try replica.ingest(delivery)
            }
        }

        mutating func randomPayload() -> [UInt8] {
            (0..<Int.random(in: 1...40, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        }

        /// Flushes everyone and delivers everything to everyone, each in its own random order.
        mutating func settle() throws {
            for replica in replicas {
                if let flushed = replica.flush() {
                    published.append(flushed)
                    flushedPuts += try Batch.open(flushed.file, vault: replica.vault, device: replica.device,
                                                  seq: flushed.name.seq, key: replica.keyring.current.keys.batch).ops.filter(\.isPut).map(\.id)
                }
            }
            for replica in replicas { try replica.ingest(published.shuffled(using: &generator)) }
        }
    }

    static let seeds: [UInt64] = Array(1...40)

    @Test("Replicas holding the same files show the same vault, whatever the delivery", arguments: seeds)
    func convergence(seed: UInt64) throws {
        var network = Network(seed: seed, replicaCount: Int(seed % 4) + 2)
        for _ in 0..<150 { try network.step() }
        try network.settle()
        let digests = Set(network.replicas.map(\.digest))
        #expect(digests.count == 1)
        for replica in network.replicas { #expect(replica.rejections.isEmpty) }
    }

    @Test("Every flushed edit survives as the value, a sibling, or history behind a later edit", arguments: seeds)
    func noLostEdit(seed: UInt64) throws {
        var network = Network(seed: seed &* 7919, replicaCount: Int(seed % 4) + 2)
        for _ in 0..<150 { try network.step() }
        try network.settle()
        for replica in network.replicas {
            for put in network.flushedPuts {
                let op = try #require(replica.ops[put])
                let resolution = replica.resolution(of: op.item)
                let shown = resolution.winner?.id == put || resolution.siblings.contains { $0.id == put }
                let superseded = replica.ops.values.contains { $0.parents.contains(put) }
                #expect(shown || superseded)
            }
            for item in replica.items {
                let resolution = replica.resolution(of: item)
                // A winning delete never hides a live version; every live head is shown.
                if resolution.winner?.isPut == false { #expect(resolution.siblings.isEmpty) }
                let liveHeads = resolution.heads.filter { replica.ops[$0]!.isPut }
                #expect(liveHeads.count == (resolution.winner?.isPut == true ? 1 + resolution.siblings.count : 0))
            }
        }
    }

    @Test("The schedules reach conflicts, winning deletes and resurrections, so the properties are not vacuous")
    func schedulesCoverTheHardCases() throws {
        var siblings = 0, deletedItems = 0, deletesSuperseded = 0
        for seed in Self.seeds.prefix(10) {
            var network = Network(seed: seed, replicaCount: 3)
            for _ in 0..<150 { try network.step() }
            try network.settle()
            let replica = network.replicas[0]
            for item in replica.items {
                let resolution = replica.resolution(of: item)
                siblings += resolution.siblings.count
                if resolution.winner?.isPut == false { deletedItems += 1 }
            }
            deletesSuperseded += replica.ops.values.filter { op in
                !op.isPut && replica.ops.values.contains { $0.isPut && $0.parents.contains(op.id) }
            }.count
        }
        #expect(siblings > 5)
        #expect(deletedItems > 5)
        #expect(deletesSuperseded > 0)
    }

    @Test("Re-ingesting files, in another order or twice, changes nothing", arguments: [UInt64(3), 11, 29])
    func idempotence(seed: UInt64) throws {
        var network = Network(seed: seed, replicaCount: 3)
        for _ in 0..<120 { try network.step() }
        try network.settle()
        let before = network.replicas.map(\.digest)
        for replica in network.replicas {
            let verdicts = try replica.ingest(network.published.reversed() + network.published)
            #expect(verdicts.isEmpty)
        }
        #expect(network.replicas.map(\.digest) == before)
    }

    @Test("The clock never goes backwards, whatever the wall clock does")
    func clockMonotonic() {
        var generator = SeededGenerator(seed: 99)
        var clock = HybridTimestamp.zero
        var observed = HybridTimestamp.zero
        for _ in 0..<2_000 {
            let now = UInt64.random(in: 0...10_000, using: &generator)
            if Bool.random(using: &generator) {
                observed = max(observed, HybridTimestamp(
                    milliseconds: UInt64.random(in: 0...20_000, using: &generator), counter: 0))
            }
            let next = clock.tick(now: now, observed: observed)
            #expect(next > clock)
            #expect(next > observed)
            clock = next
        }
    }
}
