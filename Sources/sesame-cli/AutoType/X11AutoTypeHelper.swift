import Foundation
import Glibc
import SesameAutoType
import SesameTerminal
import SesameTerminalText

/// The running `sesame-autotype` (the X11 half of Auto-Type, a dynamic executable beside `sesame`): it reports the
/// focused window, then types what it is sent into that window only. Secrets go over its standard input.
final class X11AutoTypeHelper {
    static let executableName = "sesame-autotype"

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()

    /// `sesame-autotype` beside this executable (symbolic links resolved), else on `PATH`.
    static func executable(environment: [String: String]) -> String? {
        var candidates: [String] = []
        if let resolved = realpath("/proc/self/exe", nil) {
            candidates.append(URL(fileURLWithPath: String(cString: resolved)).deletingLastPathComponent()
                .appendingPathComponent(executableName).path)
            free(resolved)
        }
        for folder in (environment["PATH"] ?? "").split(separator: ":") where folder.hasPrefix("/") {
            candidates.append("\(folder)/\(executableName)")
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    init(environment: [String: String]) throws {
        guard let path = Self.executable(environment: environment) else {
            throw CLIError("Auto-Type needs '\(Self.executableName)' installed beside 'sesame' or on PATH; it is a separate program because it links the X11 libraries (see docs/autotype.md).")
        }
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = []
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw CLIError("Cannot start '\(path)': \(error.localizedDescription)")
        }
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// The focused window, as the helper found it.
    func focusedWindow() throws -> AutoTypeWindow {
        let message = try readMessage()
        if let window = message.window { return window }
        throw CLIError(message.error ?? "The Auto-Type helper did not report the focused window.")
    }

    /// Sends what to type into `window` and waits until it is typed, or the helper stopped and said why.
    func type(_ actions: [AutoTypeAction], into window: AutoTypeWindow, focusWaitMilliseconds: Int? = nil) throws {
        var line = try JSONEncoder().encode(AutoTypeRequest(window: window.id, actions: actions,
                                                            focusWaitMilliseconds: focusWaitMilliseconds))
        line.append(0x0a)
        defer { line.resetBytes(in: 0..<line.count) }
        do {
            try input.fileHandleForWriting.write(contentsOf: line)
            try input.fileHandleForWriting.close()
        } catch {
            throw CLIError("The Auto-Type helper stopped before it was told what to type.")
        }
        let message = try readMessage()
        guard message.typed == true else {
            throw CLIError(message.error ?? "The Auto-Type helper stopped without saying why.")
        }
    }

    /// Ends the conversation without typing anything.
    func cancel() {
        try? input.fileHandleForWriting.close()
    }

    private func readMessage() throws -> AutoTypeHelperMessage {
        var bytes: [UInt8] = []
        let handle = output.fileHandleForReading
        while true {
            guard let chunk = try? handle.read(upToCount: 1), let byte = chunk.first else { break }
            if byte == 0x0a { break }
            bytes.append(byte)
        }
        guard !bytes.isEmpty, let message = try? JSONDecoder().decode(AutoTypeHelperMessage.self, from: Data(bytes)) else {
            let detail = String(decoding: (try? errors.fileHandleForReading.readToEnd()) ?? Data(), as: UTF8.self)
            throw CLIError("The Auto-Type helper ended unexpectedly" + (detail.isEmpty ? "." : ": \(TerminalText.singleLine(detail))"))
        }
        return message
    }
}
