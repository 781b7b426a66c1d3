#if canImport(AuthenticationServices)
import Foundation

/// The session epoch (see `SessionKeeper`), in a file beside the vault in the App Group container: every process
/// of the app and its extension reads the same value, cheaply, before each request.
///
/// A random value rather than a counter: ending a session writes a fresh one by an atomic rename, so a reader sees
/// the old value or the new one, never half of each, and two processes ending the session at once need no lock.
/// Not a secret: it only says which kept key still counts.
struct SessionEpochFile: Sendable {
    let path: String

    /// 0 when the file does not exist yet (no session has ended since the vault was created).
    var current: UInt64 {
        guard let data = FileManager.default.contents(atPath: path), data.count == 8 else { return 0 }
        return data.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }

    /// Moves to a new epoch. Best effort, like the keychain writes: an epoch that cannot be written leaves running
    /// processes trusted until their timeout, as before this file existed; the kept key is deleted regardless.
    func advance() {
        var next = UInt64.random(in: 1 ... .max)
        if next == current { next &+= 1 }
        let bytes = Data((0..<8).reversed().map { UInt8(truncatingIfNeeded: next >> (8 * UInt64($0))) })
        let temporary = path + ".\(UUID().uuidString)"
        guard FileManager.default.createFile(atPath: temporary, contents: bytes, attributes: [.posixPermissions: 0o600])
        else { return }
        if rename(temporary, path) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
    }
}
#endif
