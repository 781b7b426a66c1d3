import Glibc
import SesameAgentLink

/// The installed `sesame`: a small, fully static program that serves the commands started for every form itself
/// (``FrontFill``) and runs the full CLI, `sesame-cli` in the same folder, for everything else with the same
/// arguments, so every other command, its help, messages and exit statuses are the full CLI's own. It knows no
/// command but the ones it serves, so commands added to the CLI need no change here.
enum Front {
    /// The same version as the full CLI's (`SesameCLI.version`); the front only names itself to the agent with it.
    static let version = "0.1.0"
    static let cliName = "sesame-cli"

    static func main(_ arguments: [String]) -> Never {
        if let fill = FrontFill(Array(arguments.dropFirst())), let output = fill.run(environment: ProcessEnvironment.variables()) {
            exit(write(output) ? 0 : 1)
        }
        handOver(arguments)
    }

    /// Replaces this process with the full CLI, keeping the arguments (the first included), the environment and
    /// the open files.
    static func handOver(_ arguments: [String]) -> Never {
        guard let folder = FilePath.executableFolder() else {
            fail("cannot find its own path in /proc/self/exe")
        }
        let cli = folder + "/" + cliName
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        execv(cli, &argv)
        let reason = String(cString: strerror(errno))
        fail("cannot run \(cli): \(reason); it is installed beside sesame")
    }

    private static func fail(_ message: String) -> Never {
        let text = Array("sesame: \(message).\n".utf8)
        _ = text.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
        exit(1)
    }

    /// Writes all of `bytes` to stdout; false when it fails (a closed pipe).
    private static func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
