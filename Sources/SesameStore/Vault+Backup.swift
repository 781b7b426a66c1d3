import Foundation

// MARK: - Backup

extension Vault {
    /// Writes a consistent single-file copy of the vault to `destination` (created 0600; an existing file is never
    /// overwritten), through SQLite's online backup API: other processes may keep the vault open and write
    /// meanwhile, and the copy is one committed state. It needs no key: the copy is as encrypted as the vault, and
    /// opens with the same master password.
    public func backup(to destination: String) throws {
        let descriptor = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST {
                throw VaultError.storage(path: destination, detail: "the file already exists and is kept as it is")
            }
            throw VaultError.storage(path: destination, detail: String(cString: strerror(errno)))
        }
        closeDescriptor(descriptor)
        do {
            try database.backup(to: destination)
        } catch {
            try? FileManager.default.removeItem(atPath: destination)
            try? FileManager.default.removeItem(atPath: destination + "-journal")
            throw Self.mapped(error, path: destination)
        }
    }
}
