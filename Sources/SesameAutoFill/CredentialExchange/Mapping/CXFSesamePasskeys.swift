import SesameCrypto
import SesameStore

/// Sesame's passkey model behind ``CXFPasskeyMapping``: a CXF passkey becomes a ``Passkey`` of the item, and back.
///
/// Importing: the PKCS#8 key is checked as a P-256 key and kept as given; the counter starts at 0 (CXF 1.0 carries
/// none); BE and BS are set, as a CXF passkey comes from a provider that syncs it and as Sesame's own passkeys are;
/// the passkey's creation time is its item's (CXF has none per credential). Exporting leaves out what CXF cannot
/// carry without the relying party seeing a change: a counter above 0 (the spec's rule) and a passkey that is not
/// backup eligible (its importer would set BE, and relying parties such as Authelia refuse a changed BE).
public struct CXFSesamePasskeys: CXFPasskeyMapping {
    public init() {}

    public func adding(_ passkey: CXFPasskey, to item: Item) throws(CXFPasskeyRefusal) -> Item {
        let key: PasskeyPrivateKey
        do {
            key = try PasskeyPrivateKey(pkcs8: SecureBytes(copying: passkey.key))
        } catch .invalidKey(let reason) {
            throw CXFPasskeyRefusal("its key cannot be used: \(reason)")
        } catch {
            throw CXFPasskeyRefusal("its key cannot be used: \(error.description)")
        }
        let held = Passkey(
            credentialID: passkey.credentialId, relyingPartyID: passkey.rpId, userHandle: passkey.userHandle,
            userName: passkey.username, userDisplayName: passkey.userDisplayName, privateKey: key,
            isBackupEligible: true, isBackedUp: true, signCount: 0, created: item.created)
        if let problem = held.problem { throw CXFPasskeyRefusal(problem) }
        guard !item.passkeys.contains(where: held.isSameCredential) else {
            throw CXFPasskeyRefusal("the login holds a passkey with the same credential id already")
        }
        var item = item
        item.passkeys.append(held)
        return item
    }

    public func passkeys(of item: Item) -> (passkeys: [CXFPasskey], leftOut: Int) {
        var passkeys: [CXFPasskey] = []
        var leftOut = 0
        for passkey in item.passkeys {
            guard passkey.signCount == 0, passkey.isBackupEligible else {
                leftOut += 1
                continue
            }
            passkeys.append(CXFPasskey(
                credentialId: passkey.credentialID, rpId: passkey.relyingPartyID, username: passkey.userName,
                userDisplayName: passkey.userDisplayName, userHandle: passkey.userHandle,
                key: passkey.privateKey.withUnsafeBytes { Array($0) }))
        }
        return (passkeys, leftOut)
    }
}
