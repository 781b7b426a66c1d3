import Foundation
import Glibc
import SesameKeePass
import SesameSystemCalls
import SesameTerminal

/// The files `sesame import` reads and `sesame export` writes. A written file is created with mode 0600 and
/// never replaces an existing one: an export holds every password.
enum ExportFile {
    /// The file's bytes, refused before reading when it is larger than `limit` (a reader's own limit then applies).
    static func read(_ path: String, limit: Int) throws -> [UInt8] {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        if let size, size > limit {
            throw CLIError("Cannot import \(path): it is \(BudgetText.size(size)), over the \(BudgetText.size(limit)) Sesame reads.")
        }
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "it cannot be read" : "it does not exist"
            throw CLIError("Cannot import \(path): \(reason).")
        }
        // It may have grown since: a pipe or a file being written.
        guard bytes.count <= limit else {
            throw CLIError("Cannot import \(path): it is over the \(BudgetText.size(limit)) Sesame reads.")
        }
        return bytes
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
        var failure: Int32 = 0
        do throws(SystemCallError) { try FileDescriptor(rawValue: fd).writeAll(bytes) } catch { failure = error.code }
        if failure == 0, fsync(fd) != 0 { failure = errno }
        close(fd)
        guard failure == 0 else {
            unlink(path)
            throw CLIError("Cannot write \(path): \(String(cString: strerror(failure))).")
        }
    }
}
