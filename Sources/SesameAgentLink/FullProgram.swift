import Glibc
import SesameSystemCalls

/// How a small front (the installed `sesame`, `git-credential-sesame`) hands a command to the full program
/// installed beside it: `execv` with the same arguments, environment and open files, so behaviour, messages and
/// exit statuses are the full program's own.
public struct FullProgram {
    /// The full program's file name, looked for in the front's own folder.
    public let name: String
    /// What the front calls itself in the one message it may print.
    public let frontName: String

    public init(name: String, frontName: String) {
        self.name = name
        self.frontName = frontName
    }

    /// Replaces this process with the full program. `input`: what the front already read from standard input,
    /// which the full program then reads instead (through a pipe; a writer process feeds inputs larger than the
    /// pipe's buffer).
    public func run(_ arguments: [String], input: [UInt8]? = nil) -> Never {
        guard let folder = FilePath.executableFolder() else {
            // Without /proc a Swift program on Linux has lost its arguments too (the runtime reads them there), so
            // running the full program blind would do the wrong thing.
            fail("cannot read /proc/self/exe to find \(name) beside it; \(frontName) needs /proc mounted")
        }
        let path = folder + "/" + name
        if let input { replaceStandardInput(with: input) }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        execv(path, &argv)
        fail("cannot run \(path): \(String(cString: strerror(errno))); it is installed beside \(frontName)")
    }

    private func replaceStandardInput(with bytes: [UInt8]) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { fail("cannot pass standard input on: \(String(cString: strerror(errno)))") }
        // A pipe holds 64 KiB; beyond that a child writes while the full program reads.
        if bytes.count > 65_536 {
            let child = fork()
            if child == 0 {
                close(ends[0])
                _ = Self.writeAll(bytes, to: ends[1])
                _exit(0)
            }
        } else {
            _ = Self.writeAll(bytes, to: ends[1])
        }
        close(ends[1])
        dup2(ends[0], STDIN_FILENO)
        close(ends[0])
    }

    /// Everything `descriptor` holds until end of file (or an error), read past interruptions; nil as soon as it
    /// holds more than `limit` bytes, so a hostile writer cannot make the process hold more.
    public static func readAll(from descriptor: Int32, limit: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 {
                guard bytes.count + count <= limit else { return nil }
                bytes += buffer[0..<count]
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return bytes
            }
        }
    }

    /// Writes all of `bytes` to `descriptor`; false when it fails (a closed pipe).
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        (try? FileDescriptor(rawValue: descriptor).writeAll(bytes)) != nil
    }

    private func fail(_ message: String) -> Never {
        _ = Self.writeAll(Array("\(frontName): \(message).\n".utf8), to: STDERR_FILENO)
        exit(1)
    }
}
