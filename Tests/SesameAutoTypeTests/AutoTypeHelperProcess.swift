import Foundation
import SesameAutoType

/// Runs the built `sesame-autotype` as `sesame autotype` does: reads the window it reports, sends what to type.
final class AutoTypeHelperProcess {
    static var executable: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("sesame-autotype").path
    }

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    init(session: X11Session) throws {
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.environment = session.environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = try session.logFile("sesame-autotype")
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    func readMessage() throws -> AutoTypeHelperMessage {
        guard let line = output.fileHandleForReading.readLine() else { throw X11SessionError("the helper said nothing") }
        return try JSONDecoder().decode(AutoTypeHelperMessage.self, from: Data(line.utf8))
    }

    /// The focused window, then the outcome of typing `actions` into it; and the helper's exit status.
    func type(_ actions: [AutoTypeAction]) throws -> (window: AutoTypeWindow?, outcome: AutoTypeHelperMessage, status: Int32) {
        let first = try readMessage()
        guard let window = first.window else { return (nil, first, wait()) }
        try send(AutoTypeRequest(window: window.id, actions: actions))
        let outcome = try readMessage()
        return (window, outcome, wait())
    }

    func send(_ request: AutoTypeRequest) throws {
        try input.fileHandleForWriting.write(contentsOf: try JSONEncoder().encode(request) + Data([0x0a]))
    }

    func wait() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }
}
