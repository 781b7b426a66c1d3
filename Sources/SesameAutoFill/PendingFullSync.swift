import Foundation

/// A note, kept in a file beside the vault, that the system's identity store is not synchronised with the vault.
///
/// iOS keeps a provider enabled even when its configuration ends without writing the identities (the person
/// dismissed the unlock screen, the store refused the write): configuration has no cancel. The note is written
/// then, and removed once a full sync has written the store, so the next unlock, in the app or in any extension
/// process (iOS may start one per request), knows to run the full sync. A file, not memory, because each of those
/// is a different process.
public struct PendingFullSync: Sendable, Equatable {
    public let path: String

    /// - Parameter path: a file next to the vault (in the App Group container on Apple platforms).
    public init(path: String) {
        self.path = path
    }

    public var isPending: Bool {
        FileManager.default.fileExists(atPath: path)
    }

    /// Records that the store needs a full sync. Best effort: a note that cannot be written leaves the store as
    /// stale as it already was, and the app's reconcile on start still replaces it.
    func mark() {
        guard !isPending else { return }
        _ = FileManager.default.createFile(atPath: path, contents: Data(), attributes: [.posixPermissions: 0o600])
    }

    func clear() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
