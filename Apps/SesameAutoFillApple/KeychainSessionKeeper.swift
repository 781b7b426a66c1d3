#if canImport(AuthenticationServices)
import Foundation
import SesameAutoFill
import SesameCrypto
import SesameStore
import Security

/// The trusted session, kept in the shared keychain group so that every extension process (iOS may start one per
/// request) and the app serve QuickType taps without UI while it lasts ("stay unlocked for N minutes").
///
/// One generic-password item: the epoch it was kept under (8 bytes), the expiry (8 bytes), then the unlock key.
/// `WhenUnlockedThisDeviceOnly`: never in a backup, never on another device, unreadable while the device is
/// locked. The expiry is enforced by `VaultSession`, which forgets an expired item the first time any process
/// reads it. The epoch lives in the App Group container (``SessionEpochFile``); ending the session advances it,
/// deletes the item and posts ``SessionEndSignal``, so a running extension wipes its keys at once.
public struct KeychainSessionKeeper: SessionKeeper {
    public let accessGroup: String
    /// The Darwin notification posted when the session ends.
    public let signalName: String
    private let epochFile: SessionEpochFile
    static let service = "Sesame session"

    public init(_ environment: SesameEnvironment) {
        accessGroup = environment.keychainGroup
        signalName = environment.sessionEndedSignalName
        epochFile = SessionEpochFile(path: environment.sessionEpochPath)
    }

    public var epoch: UInt64 { epochFile.current }

    public func keep(_ key: VaultUnlockKey, until expiry: Date, epoch: UInt64) {
        var data = Data(Self.bytes(epoch))
        data.append(contentsOf: Self.bytes(expiry.timeIntervalSince1970.bitPattern))
        key.bytes.withUnsafeBytes { data.append(contentsOf: $0) }
        defer { data.resetBytes(in: 0..<data.count) }
        Keychain.replace(query(), data: data, accessible: kSecAttrAccessibleWhenUnlockedThisDeviceOnly)
    }

    public func kept() -> (key: VaultUnlockKey, expiry: Date, epoch: UInt64)? {
        guard var data = Keychain.read(query()) else { return nil }
        defer { data.resetBytes(in: 0..<data.count) }
        guard data.count > 16 else { return nil }
        let keptEpoch = Self.number(data.prefix(8))
        // Kept by a request that raced the end of its epoch: it no longer counts.
        guard keptEpoch == epoch else { return nil }
        let expiry = Date(timeIntervalSince1970: Double(bitPattern: Self.number(data.dropFirst(8).prefix(8))))
        return (VaultUnlockKey(bytes: SecureBytes(copying: data.dropFirst(16))), expiry, keptEpoch)
    }

    public func forget() {
        // The epoch first: a process that reads the item between the two steps already finds it out of date.
        epochFile.advance()
        Keychain.delete(query())
        SessionEndSignal.post(name: signalName)
    }

    private func query() -> [String: Any] {
        Keychain.query(service: Self.service, account: "session", accessGroup: accessGroup)
    }

    private static func bytes(_ value: UInt64) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian, Array.init)
    }

    private static func number(_ bytes: Data) -> UInt64 {
        bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }
}
#endif
