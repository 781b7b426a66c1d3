// The AutoFill extension's memory during a configuration: a full identity sync of a 100,000-item vault (10,000
// with --quick, or the number given), run as the extension runs it (unlocked with a kept key, no Argon2id; the bridge's
// SystemIdentityStore over the stand-in ASCredentialIdentityStore), beside the same sync built the old way
// (every item decoded at once) as the reference. Linux only; see docs/benchmarks.md.
//
//     swift build -c release --package-path Apps --product SesameExtensionBench
//     Apps/.build/release/SesameExtensionBench [--quick | ITEMS]
import AuthenticationServices
import Foundation
import Glibc
import SesameAutoFill
import SesameAutoFillApple
import SesameCrypto
import SesameDomains
import SesameStore
import Synchronization

let count = CommandLine.arguments.dropFirst().lazy.compactMap { Int($0) }.first
    ?? (CommandLine.arguments.contains("--quick") ? 10_000 : 100_000)
let folder = FileManager.default.temporaryDirectory.path + "/sesame-extension-bench-\(getpid())"
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: folder) }
let path = folder + "/vault.sqlite"
let suffixes = PublicSuffixList(
    utf8: Array(FileManager.default.contents(atPath: "/usr/share/publicsuffix/public_suffix_list.dat") ?? Data()))

/// Peak (VmHWM) and current (VmRSS) resident memory, MiB.
func memoryMiB() -> (peak: Double, current: Double) {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    func field(_ name: String) -> Double {
        let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
        return (Double(line.split(separator: " ").dropFirst().first ?? "") ?? .nan) / 1024
    }
    return (field("VmHWM"), field("VmRSS"))
}

/// Hands freed heap back and restarts the peak, so the next reading covers only what follows.
func startMeasuring() -> Double {
    typealias MallocTrim = @convention(c) (Int) -> Int32
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
    }
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    return memoryMiB().current
}

// The vault: logins of a few per site, one URL each, 1 in 500 used (as SesameBench's identity benchmark).
let key: VaultUnlockKey
do {
    let vault = try Vault.create(at: path, password: SecureBytes(utf8: "pw"),
                                 kdf: KDFParameters.generate(memoryMiB: 19, passes: 2), publicSuffixList: suffixes)
    var index = 0
    while index < count {
        let end = min(count, index + 5_000)
        try vault.add(contentsOf: (index..<end).map { index in
            let site = "site\(index / 3)-example\(index % 7 == 0 ? ".co.uk" : ".com")"
            return Item(title: "Account \(index) at \(site)", username: "user\(index)@mail.example",
                        password: "pw-\(index)-\(UUID().uuidString.prefix(8))",
                        urls: [ItemURL("https://\(index % 2 == 0 ? "www" : "login").\(site)/login")],
                        notes: index % 5 == 0 ? "Recovery codes: 1234 5678 9012 3456" : "")
        })
        index = end
    }
    var used: [UUID] = []
    try vault.forEachItem { item in
        if Int(item.title.split(separator: " ")[1])! % 500 == 0 { used.append(item.id) }
    }
    for id in used { try vault.recordUse(ofItemWithID: id) }
    key = try vault.unlockReturningKey(password: SecureBytes(utf8: "pw"))
    vault.close()
}

final class NoPrompt: Authenticator {
    func authenticate(_ prompt: AuthenticationPrompt) async -> AuthenticationResult { .canceled }
}

// The reference: what a full sync held before it streamed (every item decoded at once).
var referencePeak = 0.0
do {
    let vault = try Vault(path: path, publicSuffixList: suffixes)
    try vault.unlock(key: key)
    let baseline = startMeasuring()
    let items = try vault.allItems().items
    let snapshot = IdentitySnapshot(
        items: items, usage: try vault.usage(ofItemsWithIDs: items.map(\.id)), suffixes: suffixes)
    let all = snapshot.allIdentities.map(\.system)
    referencePeak = memoryMiB().peak - baseline
    precondition(all.count >= count / 2)
    vault.close()
}

// The extension's configuration. The system's store lives in another process: this one takes the identities as
// the bridge hands them over, counts them and keeps nothing, so what is measured is the extension's own memory.
/// How many identities the last replace handed over: Sendable, as the store itself goes to the bridge's actor.
final class ReceivedCount: Sendable {
    let value = Mutex(0)
}

final class OutOfProcessStore: ASCredentialIdentityStore {
    let received = ReceivedCount()

    init() {
        let system = StandInSystemStore()
        system.standInSetEnabled(true)
        super.init(standInSystem: system)
    }

    override func replaceCredentialIdentities(_ newCredentialIdentities: [any ASCredentialIdentity],
                                              completion: (@Sendable (Bool, (any Error)?) -> Void)? = nil) {
        received.value.withLock { $0 = newCredentialIdentities.count }
        completion?(true, nil)
    }
}

/// CPU seconds this process has used (every thread, user and system): the work itself, whatever else shares the
/// machine's cores, which the wall-clock time beside it includes.
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

let store = OutOfProcessStore()
let received = store.received
let baseline = startMeasuring()
let cpuBefore = cpuSeconds()
let started = Date()
let provider = CredentialProvider(
    vaultPath: path, publicSuffixList: suffixes, identityStore: SystemIdentityStore(store), authenticator: NoPrompt(),
    maximumKDFMemoryBytes: 64 << 20, keepsIdentitySnapshot: false)
try await provider.unlock(key: key)
let unlockCPU = cpuSeconds() - cpuBefore
try await provider.configure()
let elapsed = Date().timeIntervalSince(started)
let cpu = cpuSeconds() - cpuBefore
let memory = memoryMiB()
let identities = received.value.withLock { $0 }
precondition(identities >= count / 2)
func mib(_ value: Double) -> String { String(format: "%.0f MiB", value) }
print("""
    | \(count) items, \(identities) identities | configuration in the extension | reference: every item decoded at once, with a snapshot |
    |---|---|---|
    | peak RSS above the process before | \(mib(memory.peak - baseline)) | \(mib(referencePeak)) |
    | whole-process peak RSS | \(mib(memory.peak)) | |
    | time: unlock with the kept key, then the full sync | \(String(format: "%.2f s", elapsed)) | |
    | CPU time of the same (all threads, user + system) | \(String(format: "%.2f s", cpu)) (unlock \(String(format: "%.2f s", unlockCPU))) | |
    """)
