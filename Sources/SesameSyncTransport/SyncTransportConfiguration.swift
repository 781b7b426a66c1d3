import Foundation
import SesameSync

/// Where a vault syncs, as `sesame sync setup` stored it in the vault's sealed settings (`sync.transport`:
/// `folder\nPATH` or `git\nURL`), and the transport it makes. The CLI and the agent read the same setting.
public struct SyncTransportConfiguration: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case folder, git
    }

    public static let settingName = "sync.transport"

    public var kind: Kind
    /// The folder's absolute path, or the git remote's URL.
    public var location: String

    public init(kind: Kind, location: String) {
        self.kind = kind
        self.location = location
    }

    public init?(setting: [UInt8]) {
        let parts = String(decoding: setting, as: UTF8.self).split(separator: "\n", maxSplits: 1).map(String.init)
        guard parts.count == 2, let kind = Kind(rawValue: parts[0]) else { return nil }
        self.init(kind: kind, location: parts[1])
    }

    public var setting: [UInt8] { Array("\(kind.rawValue)\n\(location)".utf8) }

    /// The configuration stored in an unlocked vault (any `SyncStore`: SesameStore's `Vault`).
    ///
    /// - Throws: `SyncError.notConfigured` when sync was never set up (or the setting is unreadable).
    public init(storedIn vault: some SyncStore) throws {
        guard let configuration = try vault.setting(named: Self.settingName).flatMap(Self.init(setting:)) else {
            throw SyncError.notConfigured
        }
        self = configuration
    }

    /// `git URL` or `folder PATH`, for messages (a URL's credentials left out).
    public var description: String { "\(kind.rawValue) \(GitTransport.redactingCredentials(location))" }

    /// The transport; a git remote's clone lives next to the vault (`VAULT.sync`) and is made on first use.
    ///
    /// - Throws: `SyncError.transport` when a synced folder holds the vault itself: every peer of the folder
    ///   could replace it.
    public func makeTransport(vaultPath: String) throws -> any SyncTransport {
        switch kind {
        case .folder:
            if Self.folder(location, contains: vaultPath) {
                throw SyncError.transport(
                    "the folder \(location) holds the vault itself, so whoever syncs the folder could replace it; keep the vault outside the synced folder")
            }
            return FolderTransport(root: location)
        case .git:
            let transport = GitTransport(workTree: vaultPath + ".sync", remote: location)
            try transport.prepare()
            return transport
        }
    }

    /// Whether `path` (a file that may not exist yet) lies in `folder` or below it, links resolved.
    static func folder(_ folder: String, contains path: String) -> Bool {
        let container = URL(fileURLWithPath: folder).resolvingSymlinksInPath().standardizedFileURL.pathComponents
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().resolvingSymlinksInPath()
            .standardizedFileURL.pathComponents
        return parent.starts(with: container)
    }
}
