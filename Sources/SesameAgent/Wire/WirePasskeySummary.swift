import Foundation
import SesameAutoFill
import SesameCrypto

/// `PasskeySummary` on the wire, inside an item view: a passkey without its key, byte values in base64url.
struct WirePasskeySummary: Codable, Sendable, Equatable {
    var credentialID: String
    var relyingParty: String
    var userHandle: String
    var userName: String
    var userDisplayName: String
    var backupEligible: Bool
    var backedUp: Bool
    var signCount: UInt32
    var created: Date
    var lastUsed: Date?

    init(_ summary: PasskeySummary) {
        credentialID = summary.credentialIDText
        relyingParty = summary.relyingPartyID
        userHandle = Base64URL.encode(summary.userHandle)
        userName = summary.userName
        userDisplayName = summary.userDisplayName
        backupEligible = summary.isBackupEligible
        backedUp = summary.isBackedUp
        signCount = summary.signCount
        created = summary.created
        lastUsed = summary.lastUsed
    }

    func summary() throws(ServiceFailure) -> PasskeySummary {
        guard let id = Base64URL.decode(credentialID), let handle = Base64URL.decode(userHandle) else {
            throw ServiceFailure(.protocolError, "The agent sent a passkey whose id or user handle is not base64url.")
        }
        return PasskeySummary(credentialID: id, relyingPartyID: relyingParty, userHandle: handle, userName: userName,
                              userDisplayName: userDisplayName, isBackupEligible: backupEligible, isBackedUp: backedUp,
                              signCount: signCount, created: created, lastUsed: lastUsed)
    }
}
