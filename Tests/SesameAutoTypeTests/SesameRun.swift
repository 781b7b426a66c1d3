import Foundation

/// One run of the built `sesame`, as a hotkey or a person at a terminal starts it.
struct SesameRun {
    static var executable: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("sesame").path
    }

    var status: Int32
    var stdout: String
    var stderr: String

    /// Without a terminal: `input` on standard input, the outputs apart.
    init(_ arguments: [String], input: String, environment: [String: String], folder: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        status = process.terminationStatus
        self.stdout = String(decoding: out, as: UTF8.self)
        self.stderr = String(decoding: err, as: UTF8.self)
    }

    private init(status: Int32, transcript: String) {
        self.status = status
        stdout = transcript
        stderr = ""
    }

    /// On a pseudo-terminal of its own (Fixtures/in_terminal.py, with python3's pty module), answering `exchanges`:
    /// prompt, answer, prompt, answer… Everything the command wrote, standard error included, is in `stdout`.
    static func inTerminal(_ exchanges: [String], _ arguments: [String], environment: [String: String],
                           folder: String) throws -> SesameRun {
        let script = X11Session.fixture("in_terminal.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: X11Session.python)
        process.arguments = [script] + exchanges + ["--", executable] + arguments
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return SesameRun(status: process.terminationStatus, transcript: String(decoding: data, as: UTF8.self))
    }
}
