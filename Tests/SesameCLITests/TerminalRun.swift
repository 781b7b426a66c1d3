import Foundation

extension CLIHarness {
    /// Runs `sesame` on a pseudo-terminal of its own, as a person at a terminal does, answering its prompts:
    /// `exchanges` is prompt, answer, prompt, answer… (Tests/SesameAutoTypeTests/Fixtures/in_terminal.py, with
    /// python3's pty module; an answer "key:TEXT" is typed without Return). `size` is the terminal's rows and
    /// columns (none by default). Everything the command wrote, standard error included, is in `stdout`.
    func inTerminal(_ exchanges: [String], _ arguments: [String], environment extra: [String: String] = [:],
                    size: (rows: Int, columns: Int)? = nil) throws -> CLIResult {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SesameAutoTypeTests/Fixtures/in_terminal.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        let sizeOption: [String] = size.map { ["--size", "\($0.rows)x\($0.columns)"] } ?? []
        let command: [String] = ["--", Self.executable("sesame")] + arguments
        process.arguments = [script] + sizeOption + exchanges + command
        process.environment = environment.merging(["TERM": "xterm"].merging(extra) { $1 }) { $1 }
        process.currentDirectoryURL = URL(fileURLWithPath: home)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // The terminal turns "\n" into "\r\n".
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        return CLIResult(status: process.terminationStatus, stdout: text, stderr: "")
    }
}
