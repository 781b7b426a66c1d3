import Foundation
import Glibc
import SesameTerminal

/// The files `sesame import` reads and `sesame export` writes. A written file is created with mode 0600 and
/// never replaces an existing one: an export holds every password.
enum ExportFile {
    static func read(_ path: String) throws -> [UInt8] {
        do {
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "it cannot be read" : "it does not exist"
            throw CLIError("Cannot import \(path): \(reason).")
        }
    }

    /// Creates `path` (which must not exist) with `bytes`; a failed write leaves no partial file behind.
    static func create(_ path: String, _ bytes: [UInt8]) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            if errno == EEXIST {
                throw CLIError("\(path) already exists; an export never replaces a file: remove it or name another.")
            }
            throw CLIError("Cannot create \(path): \(String(cString: strerror(errno))).")
        }
        var written = 0
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let count = Glibc.write(fd, raw.baseAddress! + written, raw.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                written += count
            }
        }
        if failure == 0, fsync(fd) != 0 { failure = errno }
        close(fd)
        guard failure == 0 else {
            unlink(path)
            throw CLIError("Cannot write \(path): \(String(cString: strerror(failure))).")
        }
    }
}
