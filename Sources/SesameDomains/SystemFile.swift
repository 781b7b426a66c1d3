#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files and environment variables through libc, which keeps Foundation out of a
/// module that only needs to read one data file.
enum SystemFile {
    enum Failure: Error, Equatable {
        case missing
        case unreadable(reason: String)
    }

    /// The bytes of the file at `path`.
    static func readAll(path: String) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw code == ENOENT || code == ENOTDIR ? .missing : .unreadable(reason: message(code))
        }
        defer { _ = close(descriptor) }

        var info = stat()
        let expected = fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
        var bytes: [UInt8] = []
        bytes.reserveCapacity(expected + 1)
        var chunk = [UInt8](repeating: 0, count: max(expected + 1, 64 * 1024))
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw .unreadable(reason: message(code))
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    /// The value of an environment variable, if set.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    private static func message(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}
