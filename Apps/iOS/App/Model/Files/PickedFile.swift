#if canImport(UIKit)
import SesameCrypto
import SesameInterchange
import SesameKeePass
import UIKit

/// A file the person picked in the document picker (an export of another manager, a KeePass file, a key file, a
/// Sesame backup), read whole under coordination and within a budget: its size is checked before anything is
/// allocated, and a file that grows while it is read is refused too. The bytes stay in secure memory.
enum PickedFile {
    /// The largest file an import reads, as `sesame import` (`ImportLimits`): checked from the size before anything
    /// is allocated; each reader then applies its own format's limits.
    static let largestImport = ImportLimits.largestFile
    /// A KeePass key file is any file, hashed; photos and the like stay far below this.
    static let largestKeyFile = ImportLimits.keyFileBytes

    static func contents(of url: URL, limit: Int) throws -> SecureBytes {
        try SecurityScope.accessing(url) {
            try FileCoordination.reading(url) { url in
                let name = url.lastPathComponent
                let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else { throw AppFailure("Cannot read \(name): it cannot be opened.") }
                defer { close(descriptor) }
                var status = stat()
                guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
                    throw AppFailure("Cannot read \(name): it is not a file.")
                }
                guard status.st_size <= limit else {
                    throw AppFailure("Cannot read \(name): it is \(BudgetText.size(status.st_size)), over the \(BudgetText.size(limit)) Sesame reads.")
                }
                let bytes = SecureBytes(count: Int(status.st_size), lockedInMemory: false)
                var filled = 0
                while filled < bytes.count {
                    let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
                    if got < 0, errno == EINTR { continue }
                    guard got >= 0 else { throw AppFailure("Cannot read \(name): the read failed.") }
                    if got == 0 { break }
                    filled += got
                }
                // A byte beyond the size it had: it is growing (still being written), so what was read is not it.
                var extra: UInt8 = 0
                guard read(descriptor, &extra, 1) == 0 else {
                    throw AppFailure("Cannot read \(name): it changed while Sesame read it; try again.")
                }
                return filled == bytes.count ? bytes : bytes.prefix(filled)
            }
        }
    }
}
#endif
