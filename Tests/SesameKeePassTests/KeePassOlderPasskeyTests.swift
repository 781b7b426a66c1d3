import Foundation
import SesameCrypto
import Testing
@testable import SesameKeePass
@testable import SesameStore

/// A Sesame from before passkeys keeps a synced passkey as unknown payload field 17 and exports it to KeePass in
/// its `Sesame` CustomData; importing that file now gives the passkey back as a passkey.
@Suite struct KeePassOlderPasskeyTests {
    @Test func aPasskeyAnOlderSesameExportedComesBackAsAPasskey() throws {
        let passkey = Passkey(credentialID: Array(repeating: 9, count: 16), relyingPartyID: "example.org",
                              userHandle: [1, 2], userName: "alice", userDisplayName: "Alice",
                              privateKey: try PasskeyPrivateKey.generate().key,
                              created: Date(timeIntervalSinceReferenceDate: 700_000_000))
        var record = PayloadWriter()
        ItemPayload.encodePasskey(passkey, into: &record)
        // What the older Sesame holds: no passkeys, the record verbatim under tag 17.
        var older = Item(title: "Example", username: "alice", password: "pw", created: Date(timeIntervalSince1970: 1_700_000_000))
        older.unknownFields[17] = [record.output]
        let file = try KeePassFile.file(from: [older], credentials: .password("kp"), options: .fast)
        let items = try KeePassFile.items(from: file, credentials: .password("kp"))
        #expect(items.first?.passkeys == [passkey])
        #expect(items.first?.unknownFields.isEmpty == true)
    }
}
