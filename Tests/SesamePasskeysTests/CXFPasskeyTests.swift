import Foundation
import SesameCrypto
import SesameInterchange
import SesameAutoFill
import SesameStore
import Testing

/// Passkeys through Credential Exchange (CXF 1.0) files, both ways: a passkey made by Sesame signs in after an
/// export and an import, and one whose key another manager made (Python's `cryptography`) signs in once imported;
/// both checked by py_webauthn and python-fido2.
@Suite(.enabled(if: RelyingParties.missingLibrary == nil, "needs py_webauthn and python-fido2 from PyPI"))
struct CXFPasskeyTests {
    func importCXF(_ bytes: [UInt8]) throws -> ImportBatch {
        let (format, batch) = try ImportReader.read(bytes, as: nil) { _ in SecureBytes(count: 0) }
        #expect(format == .cxf)
        return batch
    }

    @Test func aSesamePasskeySignsInAfterATripThroughCXF() throws {
        var registered = RelyingPartyCase(name: "round trip", credentialID: [])
        let made = try RelyingPartyTests.register(&registered)
        let item = Item(title: "Example", username: "alice@example.org", password: "pw", urls: [ItemURL("https://example.org")],
                        passkeys: [made.passkey])
        let (bytes, summary) = CXFFile.write([item])
        #expect(summary.passkeys == 1 && summary.leftOut.isEmpty)
        let batch = try importCXF(bytes)
        #expect(batch.rejected.isEmpty && batch.skipped.isEmpty)
        let back = try #require(batch.records.first?.item.passkeys.first)
        #expect(back.credentialID == made.passkey.credentialID && back.relyingPartyID == "example.org")
        #expect(back.userHandle == made.passkey.userHandle && back.userHandle == Array("user-4711".utf8))
        #expect((back.userName, back.userDisplayName) == ("alice@example.org", "Alice"))
        #expect(back.privateKey == made.passkey.privateKey)
        #expect(back.isBackupEligible == made.passkey.isBackupEligible && back.isBackedUp == made.passkey.isBackedUp)

        _ = try registered.signIn(with: back)
        let verdicts = try RelyingParties.verify([registered])
        #expect(verdicts["round trip"]?.bothAcceptedEverything == true, "\(String(describing: verdicts["round trip"]))")
    }

    @Test func aPasskeyAnotherManagerMadeSignsInFromACXFFile() throws {
        let key = try BitwardenPasskeyTests.foreignKeys(1)[0]
        let credentialID = SecureRandom.bytes(count: 20)
        let handle: [UInt8] = [0xFF, 0x00, 0x80, 0x01]
        let file = """
            {"version": {"major": 1, "minor": 0}, "exporterRpId": "other.example", "exporterDisplayName": "Other",
             "timestamp": 1760000000, "accounts": [{"id": "QUND", "username": "", "email": "a@example.com",
             "collections": [], "items": [{"id": "SVRFTQ", "title": "Example", "credentials": [
              {"type": "passkey", "credentialId": "\(Base64URL.encode(credentialID))", "rpId": "example.org",
               "username": "alice", "userDisplayName": "Alice", "userHandle": "\(Base64URL.encode(handle))",
               "key": "\(Base64URL.encode(key))"}]}]}]}
            """
        let batch = try importCXF(Array(file.utf8))
        #expect(batch.rejected.isEmpty && batch.skipped.isEmpty)
        let passkey = try #require(batch.records.first?.item.passkeys.first)
        #expect(passkey.credentialID == credentialID && passkey.userHandle == handle && passkey.signCount == 0)

        var foreign = RelyingPartyCase(name: "foreign", credentialID: credentialID)
        foreign.registeredPrivateKey = Base64URL.encode(key)
        foreign.signCount = 0
        let first = try foreign.signIn(with: passkey)
        #expect(first.userHandle == handle)
        _ = try foreign.signIn(with: first.updatedPasskey)
        let verdicts = try RelyingParties.verify([foreign])
        #expect(verdicts["foreign"]?.bothAcceptedEverything == true, "\(String(describing: verdicts["foreign"]))")
    }
}
