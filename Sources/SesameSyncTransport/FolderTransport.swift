import Foundation
import SesameSync

/// A plain folder that Syncthing, Nextcloud, Dropbox or iCloud Drive keeps in step between machines. Files are
/// written under a fresh temporary name, flushed to disk and renamed, so the sync tool never ships half a batch;
/// only exact batch names of regular files are read, so its conflict copies and temporary files are ignored.
/// Whatever a peer puts in the folder (links, pipes, huge files) is never followed, and read only within its
/// budget (``SyncRootDirectory``).
public struct FolderTransport: SyncTransport {
    public let root: String
    private var directory: SyncRootDirectory { SyncRootDirectory(root: root) }
    /// The folders a round lists, and what each entry of them must be.
    private static let listedFolders = ["ops", "snap", "acks"]

    public init(root: String) { self.root = root }

    public func pull() throws {}
    public func publish(device: String) throws {}

    public func readHeader() throws -> [UInt8]? { try directory.bytes(at: SyncHeader.fileName) }

    public func writeHeader(_ bytes: [UInt8]) throws { try directory.store(bytes, at: SyncHeader.fileName) }

    public func listBatches() throws -> [BatchName] {
        var names: [BatchName] = []
        for device in try deviceFolders() {
            names += try listSkippingRefused("ops/" + device).compactMap {
                $0.kind == .file ? BatchName(folder: device, fileName: $0.name) : nil
            }
        }
        return names.sorted()
    }

    public func readBatch(_ name: BatchName) throws -> [UInt8]? { try readFile(name.path) }

    public func writeBatch(_ name: BatchName, _ file: [UInt8]) throws { try writeFile(name.path, file) }

    public func readFile(_ path: String) throws -> [UInt8]? { try directory.bytes(at: path) }

    public func writeFile(_ path: String, _ bytes: [UInt8]) throws { try directory.store(bytes, at: path) }

    public func removeFile(_ path: String) throws { try directory.remove(path) }

    public func listFiles(in folder: String) throws -> [String] {
        let entries = try listSkippingRefused(folder)
        // `snap` lists device folders; everywhere else Sesame's files are regular files.
        let wanted: SyncRootDirectory.Kind = folder == "snap" || folder == "ops" ? .folder : .file
        return entries.compactMap { $0.kind == wanted ? $0.name : nil }
    }

    public func fingerprint(of name: BatchName) throws -> [UInt8]? { try directory.fingerprint(name.path) }

    /// Links, pipes and devices in the root's own entries and in every folder a round lists, and folders above
    /// their count budget. A regular file with a foreign name (a sync tool's junk) is not reported.
    public func unsafeEntries() throws -> [SyncFileRefusal] {
        var found: [SyncFileRefusal] = []
        for name in [SyncHeader.fileName] + Self.listedFolders {
            guard let kind = try directory.kind(of: name, in: "") else { continue }
            let expected: SyncRootDirectory.Kind = name == SyncHeader.fileName ? .file : .folder
            if kind != expected {
                found.append(SyncFileRefusal(path: name, reason: .unsafeEntry(
                    kind: SyncRootDirectory.describe(kind), expected: SyncRootDirectory.describe(expected))))
            }
        }
        var folders = Self.listedFolders
        var index = 0
        while index < folders.count {
            let folder = folders[index]
            index += 1
            let entries: [SyncRootDirectory.Entry]
            do {
                entries = try directory.list(folder)
            } catch let refusal as SyncFileRefusal {
                // Reported by the listing of its parent when it is a link; otherwise too many entries.
                if case .tooManyEntries = refusal.reason { found.append(refusal) }
                continue
            }
            for entry in entries {
                switch entry.kind {
                case .file: break
                case .folder:
                    // Device folders, one level down.
                    if folder == "ops" || folder == "snap" { folders.append(folder + "/" + entry.name) }
                case .link, .other:
                    found.append(SyncFileRefusal(path: folder + "/" + entry.name, reason: .unsafeEntry(
                        kind: SyncRootDirectory.describe(entry.kind), expected: "a regular file or folder")))
                }
            }
        }
        return found
    }

    /// The device folders of `ops` (real folders with a device name).
    private func deviceFolders() throws -> [String] {
        try listSkippingRefused("ops").compactMap {
            $0.kind == .folder && UUID(hexName: $0.name) != nil ? $0.name : nil
        }
    }

    /// A folder's entries, or none when it is refused (a link, too many entries): `unsafeEntries` reports those.
    private func listSkippingRefused(_ folder: String) throws -> [SyncRootDirectory.Entry] {
        do { return try directory.list(folder) } catch is SyncFileRefusal { return [] }
    }
}
