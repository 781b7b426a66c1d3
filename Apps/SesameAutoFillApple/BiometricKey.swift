#if canImport(AuthenticationServices)
import Foundation
import LocalAuthentication
import SesameAutoFill
import SesameCrypto
import SesameStore
import Security

/// The copy of the unlock key behind Face ID / Touch ID, in the shared keychain group: the extension unlocks with
/// it without Argon2id, which its memory budget cannot afford above 64 MiB. Bound to the current biometric set
/// (`biometryCurrentSet`): enrolling another face or finger deletes it, so the master password is needed again.
public struct BiometricKey: Sendable {
    public let accessGroup: String
    static let service = "Sesame biometric unlock"

    public init(accessGroup: String) {
        self.accessGroup = accessGroup
    }

    /// Whether this device can use biometry now.
    public static var isAvailable: Bool {
        LAContext().canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: nil)
    }

    public var isStored: Bool {
        // Reading would prompt for Face ID; the item's presence is what the unlock screen needs to offer it.
        Keychain.exists(query())
    }

    public func store(_ key: VaultUnlockKey) throws {
        guard let access = SecAccessControlCreateWithFlags(
            nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
        else { throw Keychain.Failure(status: -50) }
        var data = key.bytes.withUnsafeBytes { Data($0) }
        defer { data.resetBytes(in: 0..<data.count) }
        try Keychain.replace(query(), data: data, accessControl: access)
    }

    /// Prompts for Face ID / Touch ID (on a device) and returns the key, or nil when the person cancels or the
    /// item is gone.
    public func read() -> VaultUnlockKey? {
        guard var data = Keychain.read(query()) else { return nil }
        defer { data.resetBytes(in: 0..<data.count) }
        return VaultUnlockKey(bytes: SecureBytes(copying: data))
    }

    public func remove() {
        Keychain.delete(query())
    }

    private func query() -> [String: Any] {
        Keychain.query(service: Self.service, account: "unlock key", accessGroup: accessGroup)
    }
}
#endif
