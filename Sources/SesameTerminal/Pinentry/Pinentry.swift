import Foundation
import Glibc
import SesameCrypto
import SesameTerminalText

/// Asks a person through `pinentry` (GnuPG's prompt program: a terminal, GTK or Qt dialog, whichever is
/// installed), over its Assuan protocol.
///
/// A service started by the bus or systemd has neither a terminal nor, often, a display in its environment, and
/// Debian's default `pinentry` is pinentry-gnome3, which then cannot show itself. So each request gets a plan
/// (``plan(client:)``): the default pinentry where it can show, then `pinentry-curses` on the service's terminal
/// or on the terminal of the program that asked (as gpg-agent uses GPG_TTY). An empty plan comes with the reasons,
/// for the log and the D-Bus error; every answer is nil when no attempt could show itself.
public struct Pinentry: Sendable {
    /// One way to ask: a program, and the terminal pinentry-curses should use.
    public struct Attempt: Equatable, Sendable, CustomStringConvertible {
        public var program: String
        public var terminal: String?
        public var terminalType: String?
        /// Whose terminal it is, for the log: "the service's", "the client's".
        public var terminalOwner: String?

        public var description: String {
            let name = (program as NSString).lastPathComponent
            guard let terminal else { return name }
            return "\(name) on \(terminal)" + (terminalOwner.map { " (\($0) terminal)" } ?? "")
        }
    }

    /// Where to ask, in order, and when nothing can ask, why.
    public struct Plan: Equatable, Sendable {
        public var attempts: [Attempt]
        public var obstacles: [String]
    }

    public let program: String?
    /// `pinentry-curses` (else `pinentry-tty`), for a terminal when the default one cannot show itself.
    let textProgram: String?
    /// The terminal pinentry-curses should use, when the service runs on one.
    let terminal: String?
    let terminalType: String?
    /// Whether the environment names a display (X11 or Wayland) for a graphical pinentry.
    let hasDisplay: Bool

    public init(program: String?, textProgram: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.program = program
        self.textProgram = textProgram
        terminal = isatty(0) == 1 ? ttyname(0).map { String(cString: $0) } : nil
        terminalType = environment["TERM"]
        hasDisplay = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
    }

    /// `pinentry`, and `pinentry-curses` (or `pinentry-tty`) from `PATH`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        func find(_ name: String) -> String? {
            folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        self.init(program: find("pinentry"), textProgram: find("pinentry-curses") ?? find("pinentry-tty"), environment: environment)
    }

    /// Whether the default pinentry can ask without a terminal (a GNOME, GTK or Qt one, or one whose name says
    /// neither): what a program without a terminal, such as the browser host, can ask through.
    public var canAskWithoutTerminal: Bool {
        program.map { Self.isTextual($0) != true } ?? false
    }

    /// Whether a pinentry program draws on a terminal (curses, tty) rather than a display, by the name it
    /// resolves to (Debian's `pinentry` is a link to the chosen one); nil when the name says neither.
    static func isTextual(_ program: String) -> Bool? {
        let name = ((realpath(program, nil).map { pointer -> String in
            defer { free(pointer) }
            return String(cString: pointer)
        } ?? program) as NSString).lastPathComponent
        if name.contains("curses") || name.hasSuffix("-tty") { return true }
        for graphical in ["gnome", "gtk", "qt", "x11", "fltk", "mac", "emacs"] where name.contains(graphical) { return false }
        return nil
    }

    /// The attempts for a request from a client on `client` (its terminal, if any), named `clientName` in reasons.
    public func plan(client: ClientTerminal?, clientName: String = "the program that asked") -> Plan {
        var attempts: [Attempt] = []
        var obstacles: [String] = []
        let ownTerminal = terminal.map { Attempt(program: "", terminal: $0, terminalType: terminalType, terminalOwner: "the service's") }
        let clientTerminal = client.map { Attempt(program: "", terminal: $0.path, terminalType: $0.type, terminalOwner: "the client's") }
        let someTerminal = ownTerminal ?? clientTerminal
        if let program {
            let name = (program as NSString).lastPathComponent
            switch Self.isTextual(program) {
            case false? where !hasDisplay && someTerminal == nil:
                obstacles.append("\(name) needs a display, and DISPLAY and WAYLAND_DISPLAY are unset")
            case true? where someTerminal == nil:
                obstacles.append("\(name) needs a terminal")
            default:
                var attempt = someTerminal ?? Attempt(program: "")
                attempt.program = program
                attempts.append(attempt)
            }
        } else {
            obstacles.append("no pinentry is installed")
        }
        if let textProgram {
            for terminal in [clientTerminal, ownTerminal].compactMap({ $0 }) {
                var attempt = terminal
                attempt.program = textProgram
                if !attempts.contains(attempt) { attempts.append(attempt) }
            }
        } else if program == nil || Self.isTextual(program!) != true {
            obstacles.append("pinentry-curses is not installed")
        }
        if someTerminal == nil { obstacles.append("\(clientName) runs on no terminal and the service has none") }
        return Plan(attempts: attempts, obstacles: attempts.isEmpty ? obstacles : [])
    }

    /// The master password through `attempt`: `.shown(password)` (nil when cancelled), or `.couldNotShow`.
    public func askPassword(description: String, error: String?, attempt: Attempt) -> Answer<SecureBytes> {
        var commands = ["SETPROMPT Master password:", "SETDESC \(Self.escape(description))"]
        if let error { commands.append("SETERROR \(Self.escape(error))") }
        commands.append("GETPIN")
        guard let outcome = run(commands, attempt: attempt) else { return .couldNotShow }
        return .shown(outcome.data)
    }

    /// Yes or no through the first attempt that can show itself; nil when none can.
    ///
    /// - Parameter timeout: seconds after which pinentry closes the dialog, an answer of no; nil for none.
    public func confirm(description: String, yes: String, no: String, plan: Plan, timeout: Int? = nil) -> Bool? {
        for attempt in plan.attempts {
            var commands = ["SETDESC \(Self.escape(description))", "SETOK \(Self.escape(yes))", "SETCANCEL \(Self.escape(no))"]
            if let timeout { commands.append("SETTIMEOUT \(timeout)") }
            commands.append("CONFIRM")
            if let outcome = run(commands, attempt: attempt) { return outcome.ok }
        }
        return nil
    }

    public enum Answer<T> {
        case shown(T?)
        case couldNotShow
    }

    /// Runs pinentry through `commands`; the last command's outcome (its OK, and any data line), or nil when
    /// pinentry could not start or failed before the last command.
    private func run(_ commands: [String], attempt: Attempt) -> (ok: Bool, data: SecureBytes?)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: attempt.program)
        let toPinentry = Pipe(), fromPinentry = Pipe()
        process.standardInput = toPinentry
        process.standardOutput = fromPinentry
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        defer {
            try? toPinentry.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        let reader = AssuanReader(descriptor: fromPinentry.fileHandleForReading.fileDescriptor)
        guard reader.response()?.ok == true else { return nil }
        var setup: [String] = ["SETTITLE Sesame"]
        if let terminal = attempt.terminal { setup.append("OPTION ttyname=\(terminal)") }
        if let terminalType = attempt.terminalType { setup.append("OPTION ttytype=\(terminalType)") }
        for command in setup {
            send(command, to: toPinentry)
            guard reader.response() != nil else { return nil }
        }
        for (index, command) in commands.enumerated() {
            send(command, to: toPinentry)
            guard let response = reader.response() else { return nil }
            if index == commands.count - 1 {
                send("BYE", to: toPinentry)
                // An error other than a cancel (83886179) means pinentry could not show itself.
                if !response.ok && !response.cancelled { return nil }
                return (response.ok, response.data)
            }
        }
        return nil
    }

    private func send(_ command: String, to pipe: Pipe) {
        let line = Array((command + "\n").utf8)
        line.withUnsafeBytes { _ = write(pipe.fileHandleForWriting.fileDescriptor, $0.baseAddress, $0.count) }
    }

    /// A parameter as pinentry gets it: through the one sanitizer first (control and bidirectional characters
    /// shown escaped; line feeds kept, for descriptions Sesame writes in several lines), then Assuan's escaping of
    /// `%`, CR and LF as `%XX`, so a parameter stays one protocol line.
    static func escape(_ text: String) -> String {
        TerminalText.sanitized(text).replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\n", with: "%0A")
            .replacingOccurrences(of: "\r", with: "%0D")
    }
}
