#if canImport(UIKit)
import SesameCrypto
import UIKit

/// A folder the person picked for an export: the file is created there under coordination, mode 0600, never over
/// an existing file (a number is added to the name instead), and a failed write leaves nothing behind.
enum ExportDestination {
    /// Creates `name` (or `name 2`, `name 3`…) in `folder`; returns the name it got.
    static func create(in folder: URL, name: String, bytes: [UInt8]) throws -> String {
        try SecurityScope.accessing(folder) {
            let stem = (name as NSString).deletingPathExtension
            let suffix = (name as NSString).pathExtension.isEmpty ? "" : "." + (name as NSString).pathExtension
            for number in 1...100 {
                let candidate = number == 1 ? name : "\(stem) \(number)\(suffix)"
                let created = try FileCoordination.writing(folder.appendingPathComponent(candidate)) { url in
                    try createFile(at: url, bytes)
                }
                if created { return candidate }
            }
            throw AppFailure("Cannot write the export: \(folder.lastPathComponent) already holds 100 files named \(name).")
        }
    }

    /// False when the name is taken.
    private static func createFile(at url: URL, _ bytes: [UInt8]) throws -> Bool {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST { return false }
            throw AppFailure("Cannot write \(url.lastPathComponent) in \(url.deletingLastPathComponent().lastPathComponent): \(String(cString: strerror(errno))).")
        }
        var written = 0
        var failure: Int32 = 0
        while written < bytes.count, failure == 0 {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno != EINTR { failure = errno }
            } else {
                written += count
            }
        }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        guard failure == 0 else {
            unlink(url.path)
            throw AppFailure("Cannot write \(url.lastPathComponent): \(String(cString: strerror(failure))).")
        }
        return true
    }
}
#endif
