import CSesameSystem
import Glibc

/// What a process that holds the vault key does to itself before it holds it.
public enum AgentProcess {
    /// ``forbidDumps()``, ``scrubFreedMemory()``, then moves to `/` so the long-running agent pins no mounted
    /// folder.
    ///
    /// - Returns: the steps that failed, for the caller to log; empty when all worked.
    @discardableResult
    public static func harden() -> [String] {
        var failures = forbidDumps()
        if !scrubFreedMemory() { failures.append("mallopt(M_PERTURB)") }
        if chdir("/") != 0 { failures.append("chdir(/): \(String(cString: strerror(errno)))") }
        return failures
    }

    /// Makes the process non-dumpable (no core files, no `ptrace` or `/proc/PID/mem` access by other processes
    /// of the same user) and sets the core size limit to zero. Every Sesame process that may hold a master
    /// password or a decrypted item calls it first: the agent, `sesame` and `git-credential-sesame`.
    ///
    /// - Returns: the steps that failed; empty when all worked.
    @discardableResult
    public static func forbidDumps() -> [String] {
        var failures: [String] = []
        if sesame_set_nondumpable() != 0 { failures.append("prctl(PR_SET_DUMPABLE): \(String(cString: strerror(errno)))") }
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        if setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore) != 0 { failures.append("setrlimit(RLIMIT_CORE): \(String(cString: strerror(errno)))") }
        return failures
    }

    /// Has glibc overwrite every heap block it frees. Decrypted items and the JSON of the replies that carry a
    /// password pass through Swift `String`s and `Data`, which cannot be wiped by hand; freed, their bytes would
    /// stay in the agent's heap until reused, past `sesame lock`. glibc's per-thread cache skips the overwrite,
    /// so an agent that Sesame starts also runs with that cache off (``AgentLauncher``'s environment).
    public static func scrubFreedMemory() -> Bool {
        sesame_perturb_freed_memory(0xA5) == 1
    }

    /// The environment entry that turns glibc's per-thread heap cache off, so ``scrubFreedMemory()`` covers
    /// every block the agent frees.
    public static let heapCacheOff = (name: "GLIBC_TUNABLES", value: "glibc.malloc.tcache_count=0")
}
