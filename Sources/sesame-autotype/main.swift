import Foundation
import Glibc
import SesameAgent
import SesameAutoFill
import SesameAutoType
import SesameDomains
import SesameStore
import SesameTerminal

// `sesame-autotype [ITEM] [--delay MS] [--wait MS]`: types a login into the focused X11 window. A separate,
// dynamically linked executable because libXtst has no static archive (the static `sesame` cannot link it).
// The password passes through this process: no core file, no ptrace by other processes.
AgentProcess.forbidDumps()
signal(SIGPIPE, SIG_IGN)

let usage = """
    Usage: sesame-autotype [ITEM | --site HOST] [--delay MS] [--wait MS] [--vault PATH]

    Types a login into the focused X11 window: {USERNAME}{TAB}{PASSWORD}{ENTER}, or the item's own sequence (a field
    named Auto-Type, in KeePass's syntax). Without ITEM, the login is the one whose site's host appears in the
    window's title; with several candidates it types nothing. The vault must be unlocked in the agent.

      --site HOST  the login of this site instead of one named in the title (the browser's request-autotype)
      --delay MS   milliseconds between keys (default 25)
      --wait MS    milliseconds to wait before typing (default 500), for the hotkey's keys to come up

    """

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("sesame-autotype: \(TerminalText.singleLine(message))\n".utf8))
    exit(status)
}

var reference: String?
var keyDelay = 25
var initialWait = 500
var explicitVault: String?
var site: String?
var arguments = Array(CommandLine.arguments.dropFirst())[...]
while let argument = arguments.popFirst() {
    switch argument {
    case "-h", "--help":
        print(usage, terminator: "")
        exit(0)
    case "--delay", "--wait", "--vault", "--site":
        guard let value = arguments.popFirst() else { fail("\(argument) needs a value.", status: 64) }
        if argument == "--vault" {
            explicitVault = value
        } else if argument == "--site" {
            site = value
        } else {
            guard let number = Int(value), (0...10_000).contains(number) else {
                fail("\(argument) needs milliseconds from 0 to 10000.", status: 64)
            }
            if argument == "--delay" { keyDelay = number } else { initialWait = number }
        }
    default:
        guard !argument.hasPrefix("-"), reference == nil else { fail("Unexpected argument '\(argument)'.", status: 64) }
        reference = argument
    }
}

let environment = ProcessInfo.processInfo.environment
if (environment["DISPLAY"] ?? "").isEmpty {
    if !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty {
        fail("Auto-Type needs X11 or XWayland: this Wayland session has no DISPLAY, and Wayland offers no way to find the focused window.")
    }
    fail("Auto-Type needs an X11 display (DISPLAY is not set).")
}

let session: X11Session
let window: X11Session.Window
do {
    session = try X11Session()
    window = try session.focusedWindow()
} catch {
    fail(error.description)
}

let vaultPath = AgentVaultPath.canonical(VaultLocation.path(explicit: explicitVault, environment: environment))
let agent: AgentClient
do {
    guard let attached = try AgentClient.attachUnlocked(
        vault: vaultPath, at: AgentSocketLocation.resolve(environment: environment), clientName: "sesame-autotype")
    else { fail("The vault is not unlocked in the agent; run 'sesame unlock' first.") }
    agent = attached
} catch {
    fail(error.message)
}

/// The item to type: the one named, or the single best login for a host the window's title contains.
@MainActor func chosenItem() throws(ServiceFailure) -> UUID {
    if let reference { return try agent.resolve(reference).id }
    let separators = CharacterSet.whitespaces.union(CharacterSet(charactersIn: "|—–()[]<>\"',"))
    let hosts = site.map { [$0] } ?? window.title.components(separatedBy: separators)
        .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ".:;!?")) }
        .filter { $0.contains(".") && (try? ServiceURL(parsing: $0)) != nil }
    guard !hosts.isEmpty else {
        throw ServiceFailure(.noMatch, "The window '\(window.title)' names no site; name the login: sesame-autotype ITEM.")
    }
    let matches = try agent.match(hosts.map { ServiceIdentifier(parsing: $0) }).filter { $0.match != .domain }
    guard let best = matches.first else {
        throw ServiceFailure(.noMatch, "No login matches the window '\(window.title)'.")
    }
    let candidates = matches.filter { $0.match == best.match }
    guard candidates.count == 1 else {
        let titles = candidates.map { "'\($0.title)'" }.joined(separator: ", ")
        throw ServiceFailure(.ambiguous, "Several logins match the window '\(window.title)' (\(titles)); nothing was typed. Name one: sesame-autotype ITEM.")
    }
    return best.id
}

let steps: [AutoTypeSequence.Step]
do {
    let item = try agent.reveal(try chosenItem())
    let fields = AutoTypeSequence.Fields(
        username: item.username, password: item.password, title: item.title, url: item.urls.first?.url ?? "")
    if let custom = item.fields.first(where: { $0.name.caseInsensitiveCompare("Auto-Type") == .orderedSame }) {
        steps = try AutoTypeSequence(parsing: custom.value, fields: fields).steps
    } else {
        steps = AutoTypeSequence.standard(for: fields)
    }
} catch let error as AutoTypeSequence.Failure {
    fail(error.description)
} catch {
    fail(ServiceFailure(error).message)
}

usleep(UInt32(initialWait) * 1000)
let typist = X11Typist(session: session, window: window, keyDelay: keyDelay)
do {
    try typist.waitForModifiersReleased()
    try typist.type(steps)
} catch {
    fail(error.description)
}
exit(0)
