import Foundation
import SesameCrypto

/// A WebAuthn credential kept in a login item: what a relying party registered (credential id, its id, the user
/// handle and names) and the ES256 private key that signs in.
///
/// The backup flags are fixed when the passkey is made and never change afterwards: relying parties compare them with
/// what they saw at registration (Authelia and Pocket ID refuse a changed BE). Sesame's own passkeys are backup
/// eligible and backed up (they sync). The signature counter of Sesame's passkeys is 0 and stays 0, as for every
/// provider that syncs; a passkey imported with a counter above 0 counts up from it (see `PasskeyAuthenticator`).
public struct Passkey: Sendable, Equatable {
    /// WebAuthn's limit for credential ids (§4: "at most 1023 bytes").
    public static let maximumCredentialIDByteCount = 1023
    /// WebAuthn's limit for user handles (§5.4.3: "maximum size of 64 bytes").
    public static let maximumUserHandleByteCount = 64
    /// The longest relying party id, user name or display name kept (a domain has at most 253 characters).
    public static let maximumTextByteCount = 1024

    public var credentialID: [UInt8]
    /// The relying party id (`example.com`), whose SHA-256 starts every authenticator data.
    public var relyingPartyID: String
    /// The relying party's id for the account: opaque bytes, not necessarily UTF-8; may be empty for a passkey
    /// imported from a manager that kept none.
    public var userHandle: [UInt8]
    public var userName: String
    public var userDisplayName: String
    public var privateKey: PasskeyPrivateKey
    /// BE: the key may leave the device (Sesame's own: always).
    public var isBackupEligible: Bool
    /// BS: the key is backed up now. Never set without BE.
    public var isBackedUp: Bool
    public var signCount: UInt32
    public var created: Date
    public var lastUsed: Date?
    /// Fields of a passkey record this version does not know, by tag, kept verbatim and written back on edit.
    public var unknownFields: [UInt64: [[UInt8]]]

    public init(
        credentialID: [UInt8], relyingPartyID: String, userHandle: [UInt8], userName: String,
        userDisplayName: String = "", privateKey: PasskeyPrivateKey, isBackupEligible: Bool = true,
        isBackedUp: Bool = true, signCount: UInt32 = 0, created: Date, lastUsed: Date? = nil,
        unknownFields: [UInt64: [[UInt8]]] = [:]
    ) {
        self.credentialID = credentialID
        self.relyingPartyID = relyingPartyID
        self.userHandle = userHandle
        self.userName = userName
        self.userDisplayName = userDisplayName
        self.privateKey = privateKey
        self.isBackupEligible = isBackupEligible
        self.isBackedUp = isBackedUp && isBackupEligible
        self.signCount = signCount
        self.created = created
        self.lastUsed = lastUsed
        self.unknownFields = unknownFields
    }

    /// Why this passkey cannot be kept, or nil: the limits above, an empty credential or relying party id, BS
    /// without BE. The key itself is checked where it is read (``PasskeyPrivateKey``).
    public var problem: String? {
        if credentialID.isEmpty { return "its credential id is empty" }
        if credentialID.count > Self.maximumCredentialIDByteCount {
            return "its credential id is longer than \(Self.maximumCredentialIDByteCount) bytes"
        }
        if relyingPartyID.isEmpty { return "it names no relying party" }
        if userHandle.count > Self.maximumUserHandleByteCount {
            return "its user handle is longer than \(Self.maximumUserHandleByteCount) bytes"
        }
        for text in [relyingPartyID, userName, userDisplayName] where text.utf8.count > Self.maximumTextByteCount {
            return "a name in it is longer than \(Self.maximumTextByteCount) bytes"
        }
        if isBackedUp && !isBackupEligible { return "it is marked backed up but not backup eligible" }
        return nil
    }

    /// The credential id as the WebAuthn JSON and KeePass carry it.
    public var credentialIDText: String { Base64URL.encode(credentialID) }

    /// Whether `other` is the same credential (a relying party knows it by its id).
    public func isSameCredential(as other: Passkey) -> Bool {
        credentialID == other.credentialID
    }
}

extension Passkey: CustomStringConvertible, CustomDebugStringConvertible {
    /// Names the relying party and credential only: descriptions reach logs, keys must not.
    public var description: String { "Passkey(\(relyingPartyID), \(credentialIDText), redacted)" }
    public var debugDescription: String { description }
}

extension Passkey: Codable {
    enum CodingKeys: String, CodingKey {
        case credentialID, relyingPartyID = "relyingParty", userHandle, userName, userDisplayName, privateKey
        case isBackupEligible = "backupEligible", isBackedUp = "backedUp", signCount, created, lastUsed
        case unknownFields
    }

    /// Binary values are base64url text, as in WebAuthn's JSON; `signCount`, `lastUsed` and `unknownFields` are
    /// left out when 0, absent or empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func bytes(_ key: CodingKeys) throws -> [UInt8] {
            let text = try container.decode(String.self, forKey: key)
            guard text.utf8.count <= 2 * Self.maximumCredentialIDByteCount, let bytes = Base64URL.decode(text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not base64url")
            }
            return bytes
        }
        self.init(
            credentialID: try bytes(.credentialID),
            relyingPartyID: try container.decode(String.self, forKey: .relyingPartyID),
            userHandle: try bytes(.userHandle),
            userName: try container.decode(String.self, forKey: .userName),
            userDisplayName: try container.decode(String.self, forKey: .userDisplayName),
            privateKey: try container.decode(PasskeyPrivateKey.self, forKey: .privateKey),
            isBackupEligible: try container.decode(Bool.self, forKey: .isBackupEligible),
            isBackedUp: try container.decode(Bool.self, forKey: .isBackedUp),
            signCount: try container.decodeIfPresent(UInt32.self, forKey: .signCount) ?? 0,
            created: try container.decode(Date.self, forKey: .created),
            lastUsed: try container.decodeIfPresent(Date.self, forKey: .lastUsed),
            unknownFields: try container.decodeIfPresent([UInt64: [[UInt8]]].self, forKey: .unknownFields) ?? [:])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Base64URL.encode(credentialID), forKey: .credentialID)
        try container.encode(relyingPartyID, forKey: .relyingPartyID)
        try container.encode(Base64URL.encode(userHandle), forKey: .userHandle)
        try container.encode(userName, forKey: .userName)
        try container.encode(userDisplayName, forKey: .userDisplayName)
        try container.encode(privateKey, forKey: .privateKey)
        try container.encode(isBackupEligible, forKey: .isBackupEligible)
        try container.encode(isBackedUp, forKey: .isBackedUp)
        if signCount != 0 { try container.encode(signCount, forKey: .signCount) }
        try container.encode(created, forKey: .created)
        try container.encodeIfPresent(lastUsed, forKey: .lastUsed)
        if !unknownFields.isEmpty { try container.encode(unknownFields, forKey: .unknownFields) }
    }
}
