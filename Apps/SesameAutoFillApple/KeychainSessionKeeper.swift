#if canImport(AuthenticationServices)
import Foundation
import SesameAutoFill
import SesameCrypto
import SesameStore
import Security

/// The trusted session, kept in the shared keychain group so that every extension process (iOS may start one per
/// request) and the app serve QuickType taps without UI while it lasts ("stay unlocked for N minutes").
///
/// One generic-password item: the expiry (8 bytes) then the unlock key. `WhenUnlockedThisDeviceOnly`: never in a
/// backup, never on another device, unreadable while the device is locked. The expiry is enforced by
/// `VaultSession`, which forgets an expired item the first time any process reads it.
public struct KeychainSessionKeeper: SessionKeeper {
    public let accessGroup: String
    static let service = "Sesame session"

    public init(accessGroup: String) {
        self.accessGroup = accessGroup
    }

    public func keep(_ key: VaultUnlockKey, until expiry: Date) {
        var data = Data(withUnsafeBytes(of: expiry.timeIntervalSince1970.bitPattern.littleEndian, Array.init))
        key.bytes.withUnsafeBytes { data.append(contentsOf: $0) }
        defer { data.resetBytes(in: 0..<data.count) }
        Keychain.replace(query(), data: data, accessible: kSecAttrAccessibleWhenUnlockedThisDeviceOnly)
    }

    public func kept() -> (key: VaultUnlockKey, expiry: Date)? {
        guard var data = Keychain.read(query()) else { return nil }
        defer { data.resetBytes(in: 0..<data.count) }
        guard data.count > 8 else { return nil }
        let bits = data.prefix(8).enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        let key = VaultUnlockKey(bytes: SecureBytes(copying: data.dropFirst(8)))
        return (key, Date(timeIntervalSince1970: Double(bitPattern: bits)))
    }

    public func forget() {
        Keychain.delete(query())
    }

    private func query() -> [String: Any] {
        Keychain.query(service: Self.service, account: "session", accessGroup: accessGroup)
    }
}
#endif
