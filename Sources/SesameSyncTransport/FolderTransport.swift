import Foundation
import SesameSync

/// A plain folder that Syncthing, Nextcloud, Dropbox or iCloud Drive keeps in step between machines. Files are
/// written under a temporary name, flushed to disk and renamed, so the sync tool never ships half a batch; only
/// exact batch names are read, so its conflict copies and temporary files are ignored.
public struct FolderTransport: SyncTransport {
    public let root: String

    public init(root: String) { self.root = root }

    public func pull() throws {}
    public func publish(device: String) throws {}

    public func readHeader() throws -> [UInt8]? {
        FileManager.default.contents(atPath: root + "/" + SyncHeader.fileName).map(Array.init)
    }

    public func writeHeader(_ bytes: [UInt8]) throws {
        try makeFolder(root)
        try writeAtomically(bytes, to: root + "/" + SyncHeader.fileName)
    }

    public func listBatches() throws -> [BatchName] {
        let manager = FileManager.default
        let ops = root + "/ops"
        guard let devices = try? manager.contentsOfDirectory(atPath: ops) else { return [] }
        var names: [BatchName] = []
        for device in devices {
            guard UUID(hexName: device) != nil, let files = try? manager.contentsOfDirectory(atPath: ops + "/" + device)
            else { continue }
            names += files.compactMap { BatchName(folder: device, fileName: $0) }
        }
        return names.sorted()
    }

    public func readBatch(_ name: BatchName) throws -> [UInt8]? { try readFile(name.path) }

    public func writeBatch(_ name: BatchName, _ file: [UInt8]) throws { try writeFile(name.path, file) }

    public func readFile(_ path: String) throws -> [UInt8]? {
        FileManager.default.contents(atPath: root + "/" + path).map(Array.init)
    }

    public func writeFile(_ path: String, _ bytes: [UInt8]) throws {
        let full = root + "/" + path
        try makeFolder((full as NSString).deletingLastPathComponent)
        try writeAtomically(bytes, to: full)
    }

    public func removeFile(_ path: String) throws {
        guard unlink(root + "/" + path) == 0 || errno == ENOENT else { throw SyncError.transport("cannot remove \(path)") }
    }

    public func listFiles(in folder: String) throws -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []
    }

    private func makeFolder(_ path: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { return }
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw SyncError.transport("cannot create the folder \(path)")
        }
    }

    /// Temporary name in the same folder (a dot file, which sync tools and the batch reader skip), fsync, rename.
    private func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = folder + "/.tmp-\(getpid())-" + (path as NSString).lastPathComponent
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SyncError.transport("cannot write \(temporary)") }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor)
        close(descriptor)
        guard written == bytes.count, synced == 0, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw SyncError.transport("cannot write \(path)")
        }
        // The rename itself must survive a power cut, or the batch is lost while the vault says it was written.
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }
}
