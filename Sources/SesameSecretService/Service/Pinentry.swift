import Foundation
import Glibc
import SesameCrypto
import SesameTerminalText

/// Asks a person through `pinentry` (GnuPG's prompt program: a terminal, GTK or Qt dialog, whichever is
/// installed), over its Assuan protocol. Every answer is nil when no pinentry is installed or it cannot show
/// itself (no terminal and no display): callers then dismiss their prompt instead of waiting.
public struct Pinentry: Sendable {
    public let program: String?
    /// The terminal pinentry-curses should use, when the service runs on one.
    let terminal: String?
    let terminalType: String?

    public init(program: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.program = program
        terminal = isatty(0) == 1 ? ttyname(0).map { String(cString: $0) } : nil
        terminalType = environment["TERM"]
    }

    /// `pinentry` from `PATH`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        let found = folders.map { "\($0)/pinentry" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        self.init(program: found, environment: environment)
    }

    /// The master password, or nil when cancelled or nobody can be asked.
    func askPassword(description: String, error: String?) -> SecureBytes? {
        var commands = ["SETPROMPT Master password:", "SETDESC \(Self.escape(description))"]
        if let error { commands.append("SETERROR \(Self.escape(error))") }
        commands.append("GETPIN")
        return run(commands).flatMap { $0.data }
    }

    /// Yes or no; nil when nobody can be asked.
    func confirm(description: String, yes: String, no: String) -> Bool? {
        let outcome = run(["SETDESC \(Self.escape(description))", "SETOK \(Self.escape(yes))", "SETCANCEL \(Self.escape(no))", "CONFIRM"])
        guard let outcome else { return nil }
        return outcome.ok
    }

    /// Runs pinentry through `commands`; the last command's outcome (its OK, and any data line), or nil when
    /// pinentry could not start or failed before the last command.
    private func run(_ commands: [String]) -> (ok: Bool, data: SecureBytes?)? {
        guard let program else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
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
        if let terminal { setup.append("OPTION ttyname=\(terminal)") }
        if let terminalType { setup.append("OPTION ttytype=\(terminalType)") }
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

/// Reads Assuan responses byte by byte (so nothing beyond a response is consumed), decoding `D` lines into
/// secure memory.
struct AssuanReader {
    let descriptor: Int32

    struct Response {
        var ok: Bool
        var cancelled: Bool
        var data: SecureBytes?
    }

    /// The next `OK` or `ERR`, with the data lines before it; nil at end of file.
    func response() -> Response? {
        var data: [UInt8] = []
        defer { zeroize(&data) }
        while var line = readLine() {
            defer { zeroize(&line) }
            if line.starts(with: Array("D ".utf8)) {
                data += Self.unescape(line.dropFirst(2))
            } else if line == Array("OK".utf8) || line.starts(with: Array("OK ".utf8)) {
                return Response(ok: true, cancelled: false, data: data.isEmpty ? nil : SecureBytes(copying: data))
            } else if line.starts(with: Array("ERR".utf8)) {
                let code = String(decoding: line.dropFirst(4).prefix { $0 != 0x20 }, as: UTF8.self)
                return Response(ok: false, cancelled: code == "83886179", data: nil)
            }
            // Status (S) and comment (#) lines carry nothing we need.
        }
        return nil
    }

    private func readLine() -> [UInt8]? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(descriptor, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { return line.isEmpty ? nil : line }
            if byte == 0x0A { return line }
            line.append(byte)
        }
    }

    static func unescape(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == 0x25, index + 2 < bytes.endIndex, let value = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16) {
                output.append(value)
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }
}
