#if canImport(AuthenticationServices)
import AuthenticationServices
import Foundation
import SesameAutoFill
import SesameDomains

/// Where the app and the extension find what they share, read from the bundle's Info.plist (never hard-coded):
/// `SesameAppGroup` names the App Group whose container holds the vault, `SesameKeychainGroup` the shared
/// keychain access group.
public struct SesameEnvironment: Sendable {
    /// The vault file in the App Group container.
    public var vaultPath: String
    public var keychainGroup: String
    public var publicSuffixList: PublicSuffixList
    /// The system's store of QuickType suggestions (`ASCredentialIdentityStore.shared` through the bridge).
    public var identityStore: any IdentityStore
    /// Minutes a session stays unlocked across extension processes ("stay unlocked for N minutes").
    public var idleTimeout: TimeInterval

    public init(vaultPath: String, keychainGroup: String, publicSuffixList: PublicSuffixList,
                identityStore: any IdentityStore = SystemIdentityStore(),
                idleTimeout: TimeInterval = VaultSession.defaultIdleTimeout) {
        self.vaultPath = vaultPath
        self.keychainGroup = keychainGroup
        self.publicSuffixList = publicSuffixList
        self.identityStore = identityStore
        self.idleTimeout = idleTimeout
    }

    /// The file next to the vault that says a configuration left the identity store unsynchronised.
    public var pendingFullSyncPath: String { vaultPath + ".autofill-pending" }

    /// The file next to the vault that holds the session epoch (see `KeychainSessionKeeper`).
    public var sessionEpochPath: String { vaultPath + ".session-epoch" }

    /// The Darwin notification that the session ended, named after the keychain group the session lives in.
    public var sessionEndedSignalName: String { keychainGroup + ".session-ended" }

    public enum Failure: Error, Equatable {
        case missingInfoKey(String)
        case noContainer(String)
    }

    /// The environment of this app or extension, from its Info.plist and the bundled public suffix list.
    public static func live(bundle: Bundle = .main) throws -> SesameEnvironment {
        guard let group = bundle.object(forInfoDictionaryKey: "SesameAppGroup") as? String else {
            throw Failure.missingInfoKey("SesameAppGroup")
        }
        guard let keychainGroup = bundle.object(forInfoDictionaryKey: "SesameKeychainGroup") as? String else {
            throw Failure.missingInfoKey("SesameKeychainGroup")
        }
        guard let container = containerURL(group: group) else { throw Failure.noContainer(group) }
        // "Stay unlocked for N minutes", set in the app, read by every extension process.
        let minutes = UserDefaults(suiteName: group)?.integer(forKey: idleTimeoutMinutesKey) ?? 0
        let list = bundle.url(forResource: "public_suffix_list", withExtension: "dat")
            .flatMap { FileManager.default.contents(atPath: $0.path) } ?? Data()
        return SesameEnvironment(
            vaultPath: container.appendingPathComponent("vault.sqlite").path, keychainGroup: keychainGroup,
            publicSuffixList: PublicSuffixList(utf8: Array(list)),
            idleTimeout: minutes > 0 ? TimeInterval(minutes * 60) : VaultSession.defaultIdleTimeout)
    }

    /// The App Group defaults key of the auto-lock timeout, in minutes.
    public static let idleTimeoutMinutesKey = "SesameIdleTimeoutMinutes"

    private static func containerURL(group: String) -> URL? {
        #if canImport(Darwin)
        FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group)
        #else
        nil  // Linux tests build their environment on a temporary folder.
        #endif
    }
}
#endif
