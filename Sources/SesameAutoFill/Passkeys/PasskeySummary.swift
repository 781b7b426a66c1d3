import Foundation
import SesameCrypto
import SesameStore

/// What may be shown of a passkey: everything but its private key.
public struct PasskeySummary: Sendable, Equatable, Hashable {
    public var credentialID: [UInt8]
    public var relyingPartyID: String
    public var userHandle: [UInt8]
    public var userName: String
    public var userDisplayName: String
    public var isBackupEligible: Bool
    public var isBackedUp: Bool
    public var signCount: UInt32
    public var created: Date
    public var lastUsed: Date?

    public init(_ passkey: Passkey) {
        self.init(credentialID: passkey.credentialID, relyingPartyID: passkey.relyingPartyID, userHandle: passkey.userHandle,
                  userName: passkey.userName, userDisplayName: passkey.userDisplayName,
                  isBackupEligible: passkey.isBackupEligible, isBackedUp: passkey.isBackedUp,
                  signCount: passkey.signCount, created: passkey.created, lastUsed: passkey.lastUsed)
    }

    public init(credentialID: [UInt8], relyingPartyID: String, userHandle: [UInt8], userName: String,
                userDisplayName: String, isBackupEligible: Bool, isBackedUp: Bool, signCount: UInt32, created: Date,
                lastUsed: Date?) {
        self.credentialID = credentialID
        self.relyingPartyID = relyingPartyID
        self.userHandle = userHandle
        self.userName = userName
        self.userDisplayName = userDisplayName
        self.isBackupEligible = isBackupEligible
        self.isBackedUp = isBackedUp
        self.signCount = signCount
        self.created = created
        self.lastUsed = lastUsed
    }

    /// The credential id in base64url, as relying parties and KeePass show it.
    public var credentialIDText: String { Base64URL.encode(credentialID) }
}

/// One passkey of the vault with the item that holds it, for `sesame passkey list`.
public struct PasskeyListing: Sendable, Equatable {
    public var itemID: UUID
    public var itemTitle: String
    public var passkey: PasskeySummary

    public init(itemID: UUID, itemTitle: String, passkey: PasskeySummary) {
        self.itemID = itemID
        self.itemTitle = itemTitle
        self.passkey = passkey
    }
}
