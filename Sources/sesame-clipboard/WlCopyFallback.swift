import FoundationEssentials
import Glibc
import SesameClipboard
import SesameSystemCalls

/// The last resort on a Wayland compositor without the data-control protocol and without XWayland: `wl-copy`
/// (wl-clipboard) in the foreground, the secret on its standard input. It offers the text only (no
/// password-manager hint: wl-copy sets one type). It exits by itself when another client takes the clipboard.
/// When the time runs out the clipboard is cleared (`wl-copy --clear`) before it is stopped: stopping it alone is
/// not enough on GNOME, whose Mutter keeps a copy of the text a client offered and offers it again once that
/// client is gone (`GnomeClipboardTests`).
struct WlCopyFallback {
    let program: String
    let environment: [String: String]
    private var child: pid_t = 0

    init?(environment: [String: String]) {
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        let candidates: [String] = folders.map { String($0) + "/wl-copy" }
        guard let found = candidates.first(where: { access($0, X_OK) == 0 }) else { return nil }
        program = found
        self.environment = environment
    }

    mutating func start(_ secret: ClipboardSecret) -> Bool {
        guard let child = spawn([program, "--foreground", "--type", "text/plain;charset=utf-8"], input: secret) else { return false }
        self.child = child
        return true
    }

    /// Starts wl-copy with `words` as its argv and `input` (if any) on its standard input; nil if it cannot start.
    private func spawn(_ words: [String], input secret: ClipboardSecret?) -> pid_t? {
        var input: [Int32] = [0, 0]
        guard pipe(&input) == 0 else { return nil }
        _ = fcntl(input[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = words.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var spawnedChild: pid_t = 0
        let spawned = posix_spawn(&spawnedChild, program, &actions, nil, argv, envp)
        close(input[0])
        guard spawned == 0 else {
            close(input[1])
            return nil
        }
        secret?.withBytes { bytes in _ = try? FileDescriptor(rawValue: input[1]).writeAll(bytes) }
        close(input[1])
        return spawnedChild
    }

    /// Waits for wl-copy to end (another client copied) or for `seconds`, then stops it.
    func serve(seconds: Int) {
        var status: Int32 = 0
        for _ in 0..<(seconds * 10) {
            if waitpid(child, &status, WNOHANG) == child { return }
            usleep(100_000)
        }
        // Still the owner: nothing was copied since. Clear first, then stop it (see the type's comment).
        if let clearing = spawn([program, "--clear"], input: nil) {
            var ended = false
            for _ in 0..<20 where !ended {
                ended = waitpid(clearing, &status, WNOHANG) == clearing
                if !ended { usleep(100_000) }
            }
            if !ended {
                kill(clearing, SIGKILL)
                waitpid(clearing, &status, 0)
            }
        }
        kill(child, SIGTERM)
        waitpid(child, &status, 0)
    }
}
