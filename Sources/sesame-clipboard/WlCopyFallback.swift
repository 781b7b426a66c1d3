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
        var spawn = ChildSpawn(path: program, arguments: words, environment: environment)
        spawn.standardInput = .pipe
        spawn.standardOutput = .null
        spawn.standardError = .null
        guard let child = try? spawn.start(), let input = child.input else { return nil }
        secret?.withBytes { bytes in _ = try? FileDescriptor(rawValue: input).writeAll(bytes) }
        close(input)
        return child.pid
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
