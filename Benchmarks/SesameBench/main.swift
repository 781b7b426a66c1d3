import Foundation



// Release-built benchmark runner. `Benchmarks/run.sh` builds and runs it; see docs/benchmarks.md.
let arguments = CommandLine.arguments.dropFirst()
// Helpers of Benchmarks/agent.sh.
if arguments.first == "make-vault" { try AgentBenchmark.makeVault(arguments: Array(arguments.dropFirst())); exit(0) }
if arguments.first == "agent-throughput" { try AgentBenchmark.throughput(arguments: Array(arguments.dropFirst())); exit(0) }
let quick = arguments.contains("--quick")
let suites = arguments.filter { !$0.hasPrefix("--") }
let folder = FileManager.default.temporaryDirectory.path + "/sesame-bench-\(getpid())"
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: folder) }

if suites.isEmpty || suites.contains("vault") {
    try VaultBenchmark.run(folder: folder, quick: quick)
}
if suites.isEmpty || suites.contains("list") {
    try ListBenchmark.run(folder: folder, quick: quick)
}

if suites.isEmpty || suites.contains("equivalents") {
    try EquivalentsBenchmark.run(folder: folder)
}
if suites.isEmpty || suites.contains("keepass") {
    try KeePassBenchmark.run(folder: folder)
}
if suites.isEmpty || suites.contains("sync") {
    try SyncBenchmark.run(folder: folder, quick: quick)
}
if suites.isEmpty || suites.contains("passkeys") {
    try await PasskeyBenchmark.run(folder: folder, quick: quick)
}
if suites.isEmpty || suites.contains("identities") {
    try await IdentitySyncBenchmark.run(folder: folder, quick: quick)
}
