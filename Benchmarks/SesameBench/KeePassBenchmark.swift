import Foundation
import SesameCrypto
import SesameKeePass
import SesameStore

/// Issue 12: reading and writing a 10,000-entry KeePass file, beside `keepassxc-cli` opening the same file.
/// The files use a 1 MiB, 2-pass Argon2id so key derivation (about 2 ms) stays out of the figures. Reads are what
/// `sesame import` does: items and the database record.
enum KeePassBenchmark {
    static let entries = 10_000
    static let runs = 5
    static let password = "bench ✓ password"

    static func run(folder: String) throws {
        report("== KeePass (KDBX 4), \(entries) entries, median of \(runs) runs")
        let items = (0..<entries).map { index in
            Item(title: "Site \(index)", username: "user\(index)@example.com", password: "pw-\(index)-\(UUID().uuidString)",
                 urls: [ItemURL("https://site\(index).example.com/login")], notes: "Note for entry \(index)\nsecond line",
                 tags: ["tag\(index % 20)"],
                 oneTimeCode: index % 10 == 0 ? "otpauth://totp/S\(index)?secret=JBSWY3DPEHPK3PXP" : nil)
        }
        let credentials = KeePassCredentials(password: SecureBytes(utf8: password))
        let options = KeePassExportOptions(keyDerivation: .argon2id(memoryKiB: 1024, iterations: 2, parallelism: 1))
        var file: [UInt8] = []
        let writes = try (0..<runs).map { _ in
            try Measure.seconds { file = try KeePassFile.file(from: items, credentials: credentials, options: options) }
        }
        let path = folder + "/bench.kdbx"
        try Data(file).write(to: URL(fileURLWithPath: path))
        report("file size: \(file.count / 1024) KiB")
        report("Sesame write: \(Measure.format(Measure.median(writes)))")
        let reads = try (0..<runs).map { _ in
            try Measure.seconds {
                let count = try KeePassFile.read(file, credentials: credentials).items.count
                precondition(count == entries)
            }
        }
        report("Sesame read (Sesame-written file): \(Measure.format(Measure.median(reads)))")

        let opens = try (0..<runs).map { _ in try Measure.seconds { try keepassxc(["ls", "-q", "-R", "-f", path]) } }
        report("reference: keepassxc-cli ls -R (opens the same file, whole process): \(Measure.format(Measure.median(opens)))")
        report(String(format: "Sesame write / keepassxc-cli open: %.2f×", Measure.median(writes) / Measure.median(opens)))

        // KeePassXC re-saves the file with its own writer; reading that is the import case.
        try keepassxc(["add", "-q", "-u", "x", "-p", path, "Added"], more: ["y"])
        let resaved = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let importReads = try (0..<runs).map { _ in
            try Measure.seconds {
                let count = try KeePassFile.read(resaved, credentials: credentials).items.count
                precondition(count == entries + 1)
            }
        }
        report("Sesame read (KeePassXC-written file): \(Measure.format(Measure.median(importReads)))")
    }

    private static func keepassxc(_ arguments: [String], more: [String] = []) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/keepassxc-cli")
        process.arguments = arguments
        process.environment = ["LC_ALL": "C.UTF-8", "QT_QPA_PLATFORM": "offscreen", "HOME": FileManager.default.temporaryDirectory.path]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        input.fileHandleForWriting.write(Data(([password] + more).map { $0 + "\n" }.joined().utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileReadUnknown) }
    }
}
