import Foundation
import Glibc
import SesameSystemCalls
import SesameTerminal

/// Puts a value on the desktop's clipboard through `sesame-clipboard`, installed beside `sesame`: the value goes
/// down a pipe on its standard input (never its arguments or environment), and the helper keeps it on the
/// clipboard in the background, marked for clipboard managers to skip, until it clears it.
enum Clipboard {
    static let clearAfterOption = OptionSpec.value(
        "clear-after", valueName: "seconds",
        help: "Clear the clipboard after this many seconds (1 to 3600, default 45) unless something else was copied meanwhile.")

    /// The seconds `--clear-after` gives, checked.
    static func clearAfter(_ text: String?, usage: CommandUsage) throws -> Int {
        try usage.integer(text, of: clearAfterOption, in: 1...3600) ?? 45
    }

    /// What the helper needs to reach the desktop, and nothing else of this process's environment.
    static let inheritedEnvironment = ["DISPLAY", "XAUTHORITY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "HOME", "PATH", "LANG"]

    /// Copies `value` and returns how: `x11`, `wayland` or `wl-copy`.
    static func copy(_ value: String, clearAfter: Int, environment: [String: String]) throws -> String {
        if (environment["WAYLAND_DISPLAY"] ?? "").isEmpty && (environment["DISPLAY"] ?? "").isEmpty {
            throw CLIError("There is no graphical session to copy to (neither WAYLAND_DISPLAY nor DISPLAY is set); 'sesame get' prints the value instead.")
        }
        let program = helperPath()
        guard FileManager.default.isExecutableFile(atPath: program) else {
            throw CLIError("sesame-clipboard is not installed beside sesame (\(program)).")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["--clear-after", String(clearAfter)]
        process.environment = environment.filter { inheritedEnvironment.contains($0.key) }
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        // The helper outlives this command: nothing of it may hold this command's standard error open.
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw CLIError("Cannot run \(program): \(error.localizedDescription)") }
        var bytes = Array(value.utf8)
        defer { for index in bytes.indices { bytes[index] = 0 } }
        try? FileDescriptor(rawValue: input.fileHandleForWriting.fileDescriptor).writeAll(bytes)
        try? input.fileHandleForWriting.close()
        // One line, then the helper lets go of the pipe and carries on by itself.
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if answer.hasPrefix("ok ") { return String(answer.dropFirst(3)) }
        let reason = answer.hasPrefix("error ") ? String(answer.dropFirst(6)) : "sesame-clipboard gave no answer."
        throw CLIError("Nothing was copied: \(reason)")
    }

    /// `sesame-clipboard` beside this program.
    static func helperPath() -> String {
        guard let resolved = realpath("/proc/self/exe", nil) else { return "/usr/local/bin/sesame-clipboard" }
        defer { free(resolved) }
        return (String(cString: resolved) as NSString).deletingLastPathComponent + "/sesame-clipboard"
    }
}
