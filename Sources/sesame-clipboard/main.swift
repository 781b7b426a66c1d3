#if canImport(CX11)
import CX11
#endif
import CSesameSystem
import FoundationEssentials
import Glibc
import SesameClipboard
import SesameSystemCalls

// sesame-clipboard: holds a secret on the clipboard for `sesame copy`, then clears it, in the background. A
// separate, dynamically linked executable (libX11), started by sesame-cli with the secret on standard input,
// never in its arguments or environment. It answers one line on standard output, `ok x11`, `ok wayland`,
// `ok wl-copy` or `error MESSAGE`, then detaches and serves paste requests until another program takes the
// clipboard or the time runs out; then it empties the clipboard if it still holds the secret.

let usage = """
    Usage: sesame-clipboard [--clear-after SECONDS]

    The clipboard helper of 'sesame copy': reads a secret on standard input, puts it on the Wayland or X11
    clipboard (marked x-kde-passwordManagerHint: secret, so clipboard managers keep no copy), and clears it after
    SECONDS (default 45) unless something else was copied meanwhile. Run 'sesame copy' instead.

    """

func report(_ line: String) {
    try? FileDescriptor.standardOutput.writeAll(Array((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    report("error " + message)
    exit(1)
}

// The secret lives here for up to a minute: no core file, no ptrace by other processes of the user.
_ = sesame_set_nondumpable()
var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
_ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
signal(SIGPIPE, SIG_IGN)
// Its own session: closing the terminal that ran `sesame copy` must not take the clipboard away early.
_ = setsid()
signal(SIGHUP, SIG_IGN)
// It outlives its caller: nothing inherited beyond the three standard streams may stay open here (a pipe a
// shell's `$(…)` waits on would not end while the clipboard is held).
closeInheritedDescriptors()

func closeInheritedDescriptors() {
    guard let folder = opendir("/proc/self/fd") else { return }
    var open: [Int32] = []
    while let entry = readdir(folder) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if let descriptor = Int32(name), descriptor > 2, descriptor != dirfd(folder) { open.append(descriptor) }
    }
    closedir(folder)
    for descriptor in open { close(descriptor) }
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("-h") || arguments.contains("--help") {
    print(usage, terminator: "")
    exit(0)
}
var clearAfter = ClipboardOffer.defaultClearAfter
if arguments.count == 2, arguments[0] == "--clear-after", let seconds = Int(arguments[1]), (1...3600).contains(seconds) {
    clearAfter = seconds
} else if !arguments.isEmpty {
    fail("Usage: sesame-clipboard [--clear-after SECONDS] (1 to 3600).")
}

guard let secret = ClipboardSecret(readingToEndOf: 0) else {
    fail("The value is longer than \(ClipboardOffer.maximumSecret) bytes.")
}

/// After the answer: nothing of the caller's stays open here, so a caller waiting for its pipes to close is free.
func detach() {
    let null = open("/dev/null", O_RDWR)
    for descriptor: Int32 in [0, 1, 2] { dup2(null, descriptor) }
    if null > 2 { close(null) }
}

let environment = ProcessInfo.processInfo.environment
let wayland = !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
let x11 = !(environment["DISPLAY"] ?? "").isEmpty

if wayland {
    do {
        let owner = try WaylandSelectionOwner(environment: environment)
        if try owner.claim(secret) {
            report("ok wayland")
            detach()
            _ = try? owner.serve(seconds: clearAfter)
            exit(0)
        }
    } catch {
        if !x11 { fail(error.description) }
    }
}
#if canImport(CX11)
if x11 {
    guard let owner = X11SelectionOwner(secret: secret) else { fail("Cannot open the X display \(environment["DISPLAY"] ?? "").") }
    guard owner.claim() else { fail("The X server did not give Sesame the clipboard.") }
    report("ok x11")
    detach()
    _ = owner.serve(seconds: clearAfter)
    exit(0)
}
#endif
if wayland, var wlCopy = WlCopyFallback(environment: environment) {
    // A compositor without the data-control protocol and without XWayland: wl-copy sets the text only.
    guard wlCopy.start(secret) else { fail("wl-copy could not set the clipboard.") }
    report("ok wl-copy")
    detach()
    wlCopy.serve(seconds: clearAfter)
    exit(0)
}
fail(wayland
     ? "The Wayland compositor offers no data-control protocol, and neither XWayland (DISPLAY) nor wl-copy is there to reach its clipboard."
     : "There is no graphical session to copy to (neither WAYLAND_DISPLAY nor DISPLAY is set).")
