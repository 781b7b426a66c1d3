#if canImport(UIKit)
import Foundation
import UIKit

/// The folder the person picked for sync, kept across launches: a path would not do (iOS gives the app access to
/// a picked folder only through the security-scoped URL the picker returned, or a bookmark of it), so a bookmark is
/// kept in a file beside the vault, mode 0600. Only the app reads it; the extension never syncs.
struct SyncFolderBookmark {
    let path: String

    init(vaultPath: String) {
        path = vaultPath + ".sync-folder"
    }

    var exists: Bool { FileManager.default.fileExists(atPath: path) }

    /// Keeps `folder`, which must be being accessed (a bookmark of a picked URL carries its permission).
    func save(_ folder: URL) throws {
        let data = try folder.bookmarkData(options: .minimalBookmark, includingResourceValuesForKeys: nil, relativeTo: nil)
        let url = URL(fileURLWithPath: path)
        do {
            try data.write(to: url, options: .atomic)
            guard chmod(path, 0o600) == 0 else { throw AppFailure("Cannot keep the sync folder: its note is not private.") }
        } catch let failure as AppFailure {
            throw failure
        } catch {
            throw AppFailure("Cannot keep the sync folder: \(error.localizedDescription)")
        }
    }

    /// The folder, or nil when none was picked. Access is not started: rounds start and stop it around their own
    /// work. A bookmark the system calls stale (the folder moved) is made again, as Apple asks.
    func resolve() throws -> URL? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        var stale = false
        let folder: URL
        do {
            folder = try URL(resolvingBookmarkData: data, options: [.withoutUI, .withoutImplicitStartAccessing],
                             relativeTo: nil, bookmarkDataIsStale: &stale)
        } catch {
            throw AppFailure("The sync folder is no longer where it was; pick it again.")
        }
        if stale { try SecurityScope.accessing(folder) { try save(folder) } }
        return folder
    }

    func remove() {
        unlink(path)
    }
}
#endif
