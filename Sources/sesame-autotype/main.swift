#if canImport(CX11)
import CX11
#endif
import CSesameSystem
import FoundationEssentials
import Glibc
import SesameAutoType
import SesameSystemCalls

// sesame-autotype: the X11 half of `sesame autotype`, a separate, dynamically linked executable because libXtst
// has no static archive. It holds no vault logic: it reports the focused window, then types what it is sent into
// that window only. The conversation is `AutoTypeHelperMessage` (SesameAutoType), one JSON line each way.

let usage = """
    Usage: sesame-autotype

    The typing helper of 'sesame autotype' on X11. It reports the focused window as one JSON line on standard
    output, reads one JSON line with the actions to type on standard input, types them into that window only,
    and reports the result. Run 'sesame autotype' instead; see docs/autotype.md.

    """

func send(_ message: AutoTypeHelperMessage) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var line = (try? encoder.encode(message)) ?? Data(#"{"error":"The reply could not be written."}"#.utf8)
    line.append(0x0a)
    writeAll(line, to: 1)
}

/// Unbuffered, so each line reaches the caller at once.
func writeAll(_ bytes: Data, to descriptor: Int32) {
    bytes.withUnsafeBytes { buffer in _ = try? FileDescriptor(rawValue: descriptor).writeAll(buffer) }
}

func fail(_ message: String) -> Never {
    send(AutoTypeHelperMessage(error: message))
    exit(1)
}

// Passwords pass through this process: no core file, no ptrace by other processes of the user (as `sesame`).
_ = sesame_set_nondumpable()
var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
_ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
signal(SIGPIPE, SIG_IGN)

let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("-h") || arguments.contains("--help") {
    writeAll(Data(usage.utf8), to: 1)
    exit(0)
}
guard arguments.isEmpty else {
    writeAll(Data("sesame-autotype: takes no arguments (see --help).\n".utf8), to: 2)
    exit(64)
}

#if canImport(CX11)
guard getenv("DISPLAY") != nil, let display = XDisplay() else {
    fail("Auto-Type needs an X11 display (or XWayland), and none could be reached through $DISPLAY.")
}
guard let window = WindowIdentity.focused(on: display) else {
    fail("No window has the keyboard focus, so there is nowhere to type.")
}
send(AutoTypeHelperMessage(window: AutoTypeWindow(id: UInt64(window.id), title: window.title,
                                                  windowClass: window.windowClass, instance: window.instance)))
// The secrets come on this line; end of input means the caller chose to type nothing.
guard let line = readLine(strippingNewline: true) else { exit(0) }
guard let request = try? JSONDecoder().decode(AutoTypeRequest.self, from: Data(line.utf8)) else {
    fail("The request to type was not understood.")
}
guard request.window == UInt64(window.id) else {
    fail("The request names another window than the focused one; nothing was typed.")
}
// After a choice in a terminal, the person switches back to the window; typing starts when it has the focus.
var waited = 0
while WindowIdentity.focusedTopLevel(on: display) != window.id, waited < min(request.focusWaitMilliseconds ?? 0, 60_000) {
    usleep(50_000)
    waited += 50
}
let typer: KeyboardTyper
do {
    typer = try KeyboardTyper(display: display, target: window.id)
} catch {
    fail(error.message)
}
// The outcome goes out at once; the keycodes lent for characters the layout lacks are given back after it, when
// the window has had time to read its keys.
do {
    try typer.run(request.actions)
    send(AutoTypeHelperMessage(typed: true))
    typer.finish()
} catch {
    send(AutoTypeHelperMessage(error: error.message))
    typer.finish()
    exit(1)
}
#else
fail("Auto-Type needs X11, which this build of Sesame was made without.")
#endif
