import SesameAgentLink
import SesameAutoFillTestSupport
import Foundation
import SesameAgent
import SesameAutoFill
import SesameCrypto
import SesameStore
import SesameTerminal

/// Issue 4's helpers for Benchmarks/agent.sh: a large vault made fast, and the agent's throughput from several
/// concurrent clients. (The end-to-end `sesame fill` timing is hyperfine's job: whole processes.)
enum AgentBenchmark {
    /// `SesameBench make-vault PATH COUNT`: a vault of `COUNT` synthetic logins (default Argon2id parameters),
    /// added 5,000 per transaction. The master password is the first line of standard input.
    static func makeVault(arguments: [String]) throws {
        guard arguments.count == 2, let count = Int(arguments[1]) else {
            report("usage: SesameBench make-vault PATH COUNT   (master password on stdin)")
            exit(64)
        }
        let password = SecureBytes(utf8: readLine(strippingNewline: true) ?? "")
        let vault = try Vault.create(at: arguments[0], password: password, kdf: KDFParameters.generate(), publicSuffixList: Fixtures.publicSuffixList)
        let seconds = try Measure.seconds {
            var index = 0
            while index < count {
                let end = min(count, index + 5_000)
                try vault.add(contentsOf: (index..<end).map(Fixtures.item))
                index = end
            }
        }
        report("Created \(arguments[0]) with \(count) items in \(Measure.format(seconds)).")
    }

    /// `SesameBench agent-throughput [CLIENTS] [SECONDS]`: that many threads, each with its own connection to the
    /// agent named by the environment, send requests for random sites of a `make-vault` vault for that long:
    /// first `fill` (which also records the use: one durable write each), then `match` (reads only).
    static func throughput(arguments: [String]) throws {
        let clients = arguments.first.flatMap(Int.init) ?? 8
        let seconds = arguments.dropFirst().first.flatMap(Double.init) ?? 5
        let location = AgentSocketLocation.resolve()
        let vault = AgentVaultPath.canonical(VaultLocation.path())
        let probe = try AgentClient.connect(to: location)
        let status = try probe.agentStatus()
        guard status.isUnlocked, status.vault == vault else {
            report("The agent does not hold \(vault) unlocked; run 'sesame unlock' first.")
            exit(1)
        }
        probe.vault = vault
        let items = try probe.status().items
        report("| requests from \(clients) concurrent clients, \(Int(seconds)) s each, vault of \(items) items | requests/s | latency median | p99 |")
        report("|---|---|---|---|")
        for kind in ["fill", "match"] {
            let latencies = Latencies()
            let failures = Latencies()
            let group = DispatchGroup()
            let start = DispatchTime.now().uptimeNanoseconds
            for client in 0..<clients {
                group.enter()
                Thread.detachNewThread {
                    defer { group.leave() }
                    guard let agent = try? AgentClient.connect(to: location) else { failures.add(0); return }
                    agent.vault = vault
                    var generator = SeededGenerator(seed: UInt64(client + 1))
                    var local: [Double] = []
                    let end = start + UInt64(seconds * 1e9)
                    while DispatchTime.now().uptimeNanoseconds < end {
                        let index = Int(generator.next() % UInt64(items))
                        let url = "https://www.\(Fixtures.domain(of: index))/login"
                        let identifiers = [ServiceIdentifier(url, kind: .url)]
                        let took = Measure.seconds {
                            do {
                                if kind == "fill" { _ = try agent.fill(identifiers) } else { _ = try agent.match(identifiers) }
                            } catch {
                                failures.add(0)
                            }
                        }
                        local.append(took)
                    }
                    latencies.add(contentsOf: local)
                }
            }
            group.wait()
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let values = latencies.values
            report("| \(kind) | \(Int(Double(values.count) / elapsed)) | \(Measure.format(Measure.median(values))) | \(Measure.format(Measure.percentile(values, 0.99))) |")
            if !failures.values.isEmpty { report("  (\(failures.values.count) requests failed)") }
        }
    }

    /// Latencies gathered from several threads.
    private final class Latencies: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [Double] = []
        func add(_ value: Double) { lock.withLock { storage.append(value) } }
        func add(contentsOf values: [Double]) { lock.withLock { storage.append(contentsOf: values) } }
        var values: [Double] { lock.withLock { storage } }
    }
}
