#if canImport(UIKit)
import Foundation
import SesameSync
import UIKit

/// The iPhone app's sync transport: Linux's folder transport (the same `vault.hdr`, batch, snapshot and
/// acknowledgement files, so an iPhone and a laptop share one folder), with each read and write inside
/// `NSFileCoordinator`, as a file provider needs: a read waits until iCloud Drive (or Dropbox, a WebDAV app…) has
/// downloaded the item, and each write reaches the provider and every other presenter of the folder. What the files
/// may hold (links, oversized files) is the folder transport's to refuse; nothing here reads a file itself.
///
/// The coordinators are made for the app's own presenter, so its writes do not wake it. Used inside the picked
/// folder's security scope (``SecurityScope``), on a thread that is not the main one: a coordinated read may wait
/// for a download.
struct CoordinatedFolderTransport: SyncTransport {
    let folder: URL
    let presenter: (any NSFilePresenter)?

    private var files: FolderTransport { FolderTransport(root: folder.path) }

    /// Nothing to fetch: the provider brings other devices' files into the folder, and a coordinated read waits
    /// for each.
    func pull() throws {}

    /// Nothing to push: each coordinated write is the provider's to upload.
    func publish(device: String) throws {}

    func readHeader() throws -> [UInt8]? {
        try reading(SyncHeader.fileName) { try files.readHeader() }
    }

    func writeHeader(_ bytes: [UInt8]) throws {
        try writing(SyncHeader.fileName) { try files.writeHeader(bytes) }
    }

    func listBatches() throws -> [BatchName] {
        try reading("ops") { try files.listBatches() }
    }

    func readBatch(_ name: BatchName) throws -> [UInt8]? {
        try reading(name.path) { try files.readBatch(name) }
    }

    func writeBatch(_ name: BatchName, _ file: [UInt8]) throws {
        try writing(name.path) { try files.writeBatch(name, file) }
    }

    func readFile(_ path: String) throws -> [UInt8]? {
        try reading(path) { try files.readFile(path) }
    }

    func writeFile(_ path: String, _ bytes: [UInt8]) throws {
        try writing(path) { try files.writeFile(path, bytes) }
    }

    func removeFile(_ path: String) throws {
        try writing(path, options: .forDeleting) { try files.removeFile(path) }
    }

    func listFiles(in path: String) throws -> [String] {
        try reading(path) { try files.listFiles(in: path) }
    }

    /// The folder transport's own report of links, pipes and crowded folders, read under one coordinated read of
    /// the whole folder.
    func unsafeEntries() throws -> [SyncFileRefusal] {
        try reading("") { try files.unsafeEntries() }
    }

    /// Metadata only: a batch the provider has not downloaded yet is not downloaded to be fingerprinted.
    func fingerprint(of name: BatchName) throws -> [UInt8]? {
        try reading(name.path, options: .immediatelyAvailableMetadataOnly) { try files.fingerprint(of: name) }
    }

    // MARK: - Coordination

    private func reading<T>(
        _ path: String, options: NSFileCoordinator.ReadingOptions = [], _ body: () throws -> T
    ) throws -> T {
        do {
            return try FileCoordination.reading(
                path.isEmpty ? folder : folder.appendingPathComponent(path), options: options, presenter: presenter
            ) { _ in try body() }
        } catch let failure as AppFailure {
            throw SyncError.transport(failure.message)
        }
    }

    private func writing<T>(
        _ path: String, options: NSFileCoordinator.WritingOptions = [], _ body: () throws -> T
    ) throws -> T {
        do {
            return try FileCoordination.writing(
                folder.appendingPathComponent(path), options: options, presenter: presenter) { _ in try body() }
        } catch let failure as AppFailure {
            throw SyncError.transport(failure.message)
        }
    }
}
#endif
