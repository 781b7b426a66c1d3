import Foundation
import SesameCrypto
import SesameDomains
import SesameKeePass
import SesameStore

/// Issue 2's figures: unlock at default parameters, adding 10,000 items, lookups by domain as the vault grows,
/// and the peak memory of a lookup.
enum VaultBenchmark {
    static func run(folder: String, quick: Bool) throws {
        report("## Vault (SesameStore)\n")
        try unlock(folder: folder, runs: quick ? 3 : 9)
        try add(folder: folder, count: quick ? 1_000 : 10_000)
        try lookups(folder: folder, sizes: quick ? [1_000, 10_000] : [1_000, 10_000, 100_000])
    }

    static func unlock(folder: String, runs: Int) throws {
        let path = folder + "/unlock.sqlite"
        let password = SecureBytes(utf8: "benchmark master password")
        _ = try Vault.create(at: path, password: password, kdf: KDFParameters.generate(), publicSuffixList: Fixtures.publicSuffixList)
        var times: [Double] = []
        Measure.resetPeakMemory()
        for _ in 0..<runs {
            let vault = try Vault(path: path, publicSuffixList: Fixtures.publicSuffixList)
            times.append(try Measure.seconds { try vault.unlock(password: password) })
        }
        let memory = Measure.memoryMiB()
        report("| unlock, Argon2id 64 MiB × 3 passes (\(runs) runs) | median \(Measure.format(Measure.median(times))) | peak RSS \(String(format: "%.0f", memory.peak)) MiB |")
        // Reference: the Argon2 reference implementation (Debian's argon2 command) at the same cost, as a whole
        // process; skipped when it is not installed.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/argon2") {
            var reference: [Double] = []
            for _ in 0..<runs {
                reference.append(try Measure.seconds {
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: "/usr/bin/argon2")
                    process.arguments = ["sesame-salt-16by", "-id", "-t", "3", "-k", "65536", "-p", "1", "-l", "32", "-r"]
                    let input = Pipe()
                    process.standardInput = input
                    process.standardOutput = FileHandle.nullDevice
                    try process.run()
                    input.fileHandleForWriting.write(Data("benchmark master password".utf8))
                    try input.fileHandleForWriting.close()
                    process.waitUntilExit()
                })
            }
            report("| reference: argon2 command (reference implementation), same parameters, whole process | median \(Measure.format(Measure.median(reference))) | |")
        }
    }

    static func add(folder: String, count: Int) throws {
        let path = folder + "/add.sqlite"
        let vault = try Vault.create(at: path, password: SecureBytes(utf8: "pw"), kdf: KDFParameters.generate(memoryMiB: 19, passes: 2), publicSuffixList: Fixtures.publicSuffixList)
        let items = (0..<count).map(Fixtures.item)
        // One transaction per item: what `sesame add` and the git helper's `store` do, durably (synchronous=FULL).
        let each = try Measure.seconds { for item in items { try vault.add(item) } }
        report("| add \(count) items, one transaction each | \(Measure.format(each)) total | \(Measure.format(each / Double(count))) per item |")
        let path2 = folder + "/add-batch.sqlite"
        let batchVault = try Vault.create(at: path2, password: SecureBytes(utf8: "pw"), kdf: KDFParameters.generate(memoryMiB: 19, passes: 2), publicSuffixList: Fixtures.publicSuffixList)
        let batch = try Measure.seconds { try batchVault.add(contentsOf: (0..<count).map(Fixtures.item)) }
        report("| add \(count) items in one transaction (import) | \(Measure.format(batch)) total | \(Measure.format(batch / Double(count))) per item |")
    }

    static func lookups(folder: String, sizes: [Int]) throws {
        var previous = 0
        let path = folder + "/lookup.sqlite"
        var vault = try Vault.create(at: path, password: SecureBytes(utf8: "pw"), kdf: KDFParameters.generate(memoryMiB: 19, passes: 2), publicSuffixList: Fixtures.publicSuffixList)
        for size in sizes {
            var index = previous
            while index < size {
                let end = min(size, index + 5_000)
                try vault.add(contentsOf: (index..<end).map(Fixtures.item))
                index = end
            }
            previous = size
            var times: [Double] = []
            var found = 0
            Measure.resetPeakMemory()
            let before = Measure.memoryMiB().current
            for probe in 0..<2_000 {
                let domain = try Fixtures.site(of: (probe * 7919) % size)
                times.append(try Measure.seconds { found += try vault.items(withDomains: [domain]).items.count })
            }
            let memory = Measure.memoryMiB()
            precondition(found >= 2_000, "every probe should find its items")
            report("| lookup by domain at \(size) items (2,000 probes, ~\(found / 2_000) candidates each) | median \(Measure.format(Measure.median(times))), p99 \(Measure.format(Measure.percentile(times, 0.99))) | peak RSS during lookups \(String(format: "%.1f", memory.peak)) MiB (+\(String(format: "%.1f", memory.peak - before)) MiB) |")
            // What every unlock adds: recomputing the keyed digests over all item and index rows.
            let checks = try (0..<5).map { _ in try Measure.seconds { try vault.checkIntegrity() } }
            report("| tamper check at unlock at \(size) items (keyed digests over item and index rows, 5 runs) | median \(Measure.format(Measure.median(checks))) | |")
            // Size at rest (issue 27): closing the last connection folds the WAL into the main file. The reference
            // is the same items in a KeePass file (KDBX 4, gzip, what `sesame export --format kdbx` writes).
            vault.close()
            let bytes = try fileSize(path)
            let kdbx = try KeePassFile.file(
                from: (0..<size).map(Fixtures.item), credentials: KeePassCredentials(password: SecureBytes(utf8: "pw")),
                options: KeePassExportOptions(keyDerivation: .argon2id(memoryKiB: 1024, iterations: 2, parallelism: 1))).count
            report("| vault file at \(size) items, after a checkpoint | \(String(format: "%.2f", Double(bytes) / 1_048_576)) MiB | **\(bytes / size) bytes per item**; reference: the same items in a KDBX 4 file, \(kdbx / size) bytes per item |")
            vault = try Vault(path: path, publicSuffixList: Fixtures.publicSuffixList)
            try vault.unlock(password: SecureBytes(utf8: "pw"))
        }
        // The same question answered without the index: decrypt every item and compare.
        let domain = Fixtures.domain(of: 12_345 % previous)
        let scan = try Measure.seconds {
            _ = try vault.allItems().items.filter { $0.urls.contains { $0.url.contains(domain) } }
        }
        report("| reference: same lookup by decrypting all \(previous) items (no index) | \(Measure.format(scan)) | |")
        vault.close()
    }

    static func fileSize(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
    }
}
