import Foundation
import Glibc

/// Turns terminal echo off for the length of a prompt, and back on whatever happens, signals included.
///
/// A signal that would end the process (SIGINT from Ctrl-C, SIGTERM, SIGHUP, SIGQUIT) must not leave the user's
/// terminal without echo. While echo is off, a handler for these restores the saved settings, restores the previous
/// disposition and raises the signal again, so the process ends (or not) exactly as it would have. If it survives
/// (the signal was ignored or handled elsewhere), the prompt fails with ``SecretInputError/interrupted``.
enum TerminalEchoGuard {
    /// What the signal handler reads, in raw memory so that the handler touches no Swift runtime machinery (no
    /// retain/release, no exclusivity checks), only plain loads and async-signal-safe calls.
    struct State {
        var fd: Int32 = -1
        var saved = termios()
        var caughtSignal: Int32 = 0
    }

    static let guardedSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    nonisolated(unsafe) static let state: UnsafeMutablePointer<State> = {
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: State())
        return state
    }()

    /// The dispositions replaced while a prompt runs, indexed by signal number.
    nonisolated(unsafe) static let previousActions: UnsafeMutablePointer<sigaction> = {
        let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(NSIG))
        actions.initialize(repeating: sigaction(), count: Int(NSIG))
        return actions
    }()

    /// The handler state is process-wide, so prompts take turns.
    private static let lock = NSLock()

    /// Runs `body` with echo off on `fd` (the final newline is still echoed), then restores `saved`.
    ///
    /// - Parameters:
    ///   - fd: The terminal.
    ///   - saved: Its current settings, from `tcgetattr`.
    ///   - body: Reads the secret; gets a function that tells whether a signal has interrupted the prompt.
    static func withEchoOff<R>(
        on fd: Int32, saved: termios, _ body: (_ wasInterrupted: () -> Bool) throws(SecretInputError) -> R
    ) throws(SecretInputError) -> R {
        lock.lock()
        defer { lock.unlock() }
        // Touch the lazily created globals before any handler can run.
        let state = self.state
        let previousActions = self.previousActions
        state.pointee = State(fd: fd, saved: saved, caughtSignal: 0)

        var action = sigaction()
        action.__sigaction_handler.sa_handler = restoreTerminalAndRaise
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // no SA_RESTART: the signal must interrupt read(2)
        for signal in guardedSignals {
            sigaction(signal, &action, previousActions + Int(signal))
        }
        defer {
            FileDescriptorIO.setAttributes(fd, &state.pointee.saved)
            for signal in guardedSignals {
                sigaction(signal, previousActions + Int(signal), nil)
            }
            state.pointee.fd = -1
        }

        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO | ECHOE | ECHOK)
        quiet.c_lflag |= tcflag_t(ECHONL)  // still echo the newline, so the cursor moves on
        guard FileDescriptorIO.setAttributes(fd, &quiet) else {
            throw .readFailed("tcsetattr", errorNumber: errno)
        }
        return try body { state.pointee.caughtSignal != 0 }
    }
}

/// The signal handler: async-signal-safe calls only (tcsetattr, write, sigaction, raise).
private func restoreTerminalAndRaise(_ signal: Int32) {
    let state = TerminalEchoGuard.state
    if state.pointee.fd >= 0 {
        _ = tcsetattr(state.pointee.fd, TCSAFLUSH, &state.pointee.saved)
        // Echo is off, so Ctrl-C left the cursor after the prompt; move on for the shell's prompt.
        var newline = UInt8(ascii: "\n")
        _ = write(state.pointee.fd, &newline, 1)
    }
    state.pointee.caughtSignal = signal
    // Back to the previous disposition, then deliver the signal again: it arrives as soon as this handler returns.
    _ = sigaction(signal, TerminalEchoGuard.previousActions + Int(signal), nil)
    _ = raise(signal)
}
