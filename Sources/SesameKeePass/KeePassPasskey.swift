import Foundation
import SesameCrypto
import SesameStore

/// Passkeys as KeePassXC and KeePassium keep them: string attributes of the entry (`KPEX_PASSKEY_*`), the private
/// key as PKCS#8 PEM, credential id and user handle base64url, the backup flags "1" or "0". One passkey per entry.
enum KeePassPasskey {
    static let username = "KPEX_PASSKEY_USERNAME"
    static let credentialID = "KPEX_PASSKEY_CREDENTIAL_ID"
    static let privateKeyPEM = "KPEX_PASSKEY_PRIVATE_KEY_PEM"
    static let relyingParty = "KPEX_PASSKEY_RELYING_PARTY"
    static let userHandle = "KPEX_PASSKEY_USER_HANDLE"
    static let flagBE = "KPEX_PASSKEY_FLAG_BE"
    static let flagBS = "KPEX_PASSKEY_FLAG_BS"
    /// Strongbox's older name; KeePassXC reads it in place of the credential id when present.
    static let legacyCredentialID = "KPEX_PASSKEY_GENERATED_USER_ID"
    /// KeePassXC's first name for the user name; read in place of `KPEX_PASSKEY_USERNAME` when present.
    static let legacyUsername = "KPXC_PASSKEY_USERNAME"

    static let names: Set<String> = [
        username, credentialID, privateKeyPEM, relyingParty, userHandle, flagBE, flagBS, legacyCredentialID, legacyUsername,
    ]

    /// What an entry's attributes hold: no passkey (`nil`), one, or one that cannot be used and why. Only a usable
    /// passkey consumes the attributes; otherwise they stay the item's custom fields, so an export writes them back
    /// and KeePassXC keeps its passkey.
    enum Reading {
        case passkey(Passkey)
        case unusable(String)
    }

    static func read(_ strings: [String: String], created: Date) -> Reading? {
        guard strings.keys.contains(where: names.contains) else { return nil }
        guard let idText = strings[legacyCredentialID] ?? strings[credentialID], !idText.isEmpty else {
            return .unusable("it has no credential id")
        }
        guard let id = Passkey.credentialID(fromBase64URL: idText) else {
            return .unusable("its credential id is not base64url")
        }
        guard let rp = strings[relyingParty], !rp.isEmpty else { return .unusable("it names no relying party") }
        guard let pem = strings[privateKeyPEM], !pem.isEmpty else { return .unusable("it has no private key") }
        let key: PasskeyPrivateKey
        do {
            key = try PasskeyPrivateKey(pem: pem)
        } catch .invalidKey(let reason) {
            return .unusable("its private key cannot be used by Sesame: \(reason)")
        } catch {
            return .unusable("its private key cannot be used by Sesame: \(error.description)")
        }
        var handle: [UInt8] = []
        if let text = strings[userHandle], !text.isEmpty {
            guard let bytes = Base64URL.decode(text) else { return .unusable("its user handle is not base64url") }
            handle = bytes
        }
        guard let backupEligible = flag(strings[flagBE]), let backedUp = flag(strings[flagBS]) else {
            return .unusable("its backup flags are neither 1 nor 0")
        }
        let passkey = Passkey(
            credentialID: id, relyingPartyID: rp, userHandle: handle,
            userName: strings[legacyUsername] ?? strings[username] ?? "", privateKey: key,
            isBackupEligible: backupEligible, isBackedUp: backedUp, created: created)
        if let problem = passkey.problem { return .unusable(problem) }
        return .passkey(passkey)
    }

    /// "1" and "true" in any case are set, "0" and "false" are not; an absent flag is set, as KeePassXC (since
    /// 2.7.12) and KeePassium read it. Nil for anything else.
    static func flag(_ text: String?) -> Bool? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return true }
        switch text.lowercased() {
        case "1", "true": return true
        case "0", "false": return false
        default: return nil
        }
    }

    /// The attributes of `passkey`, protected as KeePassXC protects them (credential id, key, user handle).
    static func attributes(of passkey: Passkey) -> [(key: String, value: String, protected: Bool)] {
        [
            (username, passkey.userName, false),
            (credentialID, passkey.credentialIDText, true),
            (privateKeyPEM, passkey.privateKey.pemText, true),
            (relyingParty, passkey.relyingPartyID, false),
            (userHandle, Base64URL.encode(passkey.userHandle), true),
            (flagBE, passkey.isBackupEligible ? "1" : "0", false),
            (flagBS, passkey.isBackedUp ? "1" : "0", false),
        ]
    }

    /// An entry UUID for a passkey written as an entry of its own (an item's second and later passkeys), the same on
    /// every export so that KeePass merges see one entry, not a new one each time.
    static func entryID(forPasskey passkey: Passkey, of item: Item) -> UUID {
        let digest = SHA256.hash(Array("sesame.passkey-entry".utf8) + withUnsafeBytes(of: item.id.uuid, Array.init)
            + passkey.credentialID)
        return digest.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
    }
}
