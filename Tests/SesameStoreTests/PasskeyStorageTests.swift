import Foundation
import SesameCrypto
import Testing
@testable import SesameStore

/// A passkey as the authenticator would make it (a real P-256 key), with every field set.
func samplePasskey(rp: String = "example.org", user: String = "alice", handle: [UInt8] = [0, 0xff, 0x80, 1],
                   signCount: UInt32 = 0) throws -> Passkey {
    Passkey(credentialID: SecureRandom.bytes(count: 16), relyingPartyID: rp, userHandle: handle, userName: user,
            userDisplayName: "\(user) ✓", privateKey: try PasskeyPrivateKey.generate().key, signCount: signCount,
            created: Date(timeIntervalSinceReferenceDate: 700_000_000.25),
            lastUsed: Date(timeIntervalSinceReferenceDate: 700_000_100.5))
}

@Suite struct PasskeyStorageTests {
    func roundTrip(_ item: Item) throws -> Item {
        try ItemPayload.encode(item).withUnsafeBytes { try ItemPayload.decode($0, id: item.id) }
    }

    @Test func passkeysRoundTripExactlyInThePayload() throws {
        var second = try samplePasskey(rp: "login.example.com", user: "", handle: [], signCount: 7)
        second.isBackupEligible = false
        second.isBackedUp = false
        second.lastUsed = nil
        second.unknownFields = [40: [[1, 2]], 41: [[]]]
        let item = Item(title: "Example", username: "alice", password: "pw", passkeys: [try samplePasskey(), second])
        let back = try roundTrip(item)
        #expect(back == item)
        #expect(back.passkeys[1].unknownFields == [40: [[1, 2]], 41: [[]]])
        #expect(back.passkeys[0].privateKey.withUnsafeBytes { Array($0) } == item.passkeys[0].privateKey.withUnsafeBytes { Array($0) })
        // Still a usable key after the trip.
        #expect(try back.passkeys[0].privateKey.signingKey().publicKey == item.passkeys[0].privateKey.signingKey().publicKey)
    }

    /// A Sesame from before passkeys (tags up to 16) reads tag 17 as an unknown field, keeps it, and writes it back
    /// after its own fields when it edits the item; this Sesame then reads the passkeys as they were.
    @Test func anOlderReaderKeepsPasskeysAndWritesThemBackUntouched() throws {
        let item = Item(title: "Example", username: "alice", password: "one", passkeys: [try samplePasskey(), try samplePasskey(user: "bob")])
        let bytes = ItemPayload.encode(item)
        #expect(ItemPayload.Tag.passkey.rawValue == 17)
        // The older reader: its decoder's `case nil` puts tag 17 into unknownFields, verbatim.
        var known = PayloadWriter()
        var passkeyRecords: [[UInt8]] = []
        try bytes.withUnsafeBytes { buffer in
            var reader = PayloadReader(buffer)
            while let (tag, value) = try reader.next() {
                if tag == ItemPayload.Tag.passkey.rawValue { passkeyRecords.append(Array(value)) } else { known.bytes(tag, Array(value)) }
            }
        }
        #expect(passkeyRecords.count == 2)
        var older = try known.output.withUnsafeBytes { try ItemPayload.decode($0, id: item.id) }
        older.unknownFields[17] = passkeyRecords
        // It edits the item and writes it with the same writer this version has for unknown fields.
        older.title = "Edited by an older Sesame"
        older.password = "two"
        let written = ItemPayload.encode(older)
        let newer = try written.withUnsafeBytes { try ItemPayload.decode($0, id: item.id) }
        #expect(newer.passkeys == item.passkeys)
        #expect(newer.unknownFields.isEmpty)
        #expect(newer.title == "Edited by an older Sesame" && newer.password == "two")
        // And written back byte for byte.
        #expect(ItemPayload.encode(newer) == written)
    }

    @Test func aPasskeyRecordWithoutItsIDKeyOrCreationIsDamage() throws {
        let passkey = try samplePasskey()
        for missing in [ItemPayload.PasskeyTag.credentialID, .privateKey, .created] {
            var record = PayloadWriter()
            var full = PayloadWriter()
            ItemPayload.encodePasskey(passkey, into: &full)
            try full.output.withUnsafeBytes { buffer in
                var reader = PayloadReader(buffer)
                while let (tag, value) = try reader.next() {
                    if tag != missing.rawValue { record.bytes(tag, Array(value)) }
                }
            }
            var item = PayloadWriter()
            item.string(ItemPayload.Tag.title.rawValue, "x", keepEmpty: true)
            item.date(ItemPayload.Tag.created.rawValue, Date())
            item.date(ItemPayload.Tag.modified.rawValue, Date())
            item.bytes(ItemPayload.Tag.passkey.rawValue, record.output)
            #expect(throws: ItemPayload.Malformed.self) {
                try item.output.withUnsafeBytes { try ItemPayload.decode($0, id: UUID()) }
            }
        }
    }

    @Test func descriptionsNeverShowTheKey() throws {
        let passkey = try samplePasskey()
        let key = passkey.privateKey.base64URLText
        for text in [String(describing: passkey), String(reflecting: passkey), "\(Item(title: "x", passkeys: [passkey]))"] {
            #expect(!text.contains(key) && !text.contains(String(key.prefix(12))))
        }
    }

    /// The JSON form (agent, backup): an item without passkeys is byte for byte what it was before them, and one
    /// with passkeys reads back whole.
    @Test func jsonLeavesPasskeysOutUntilThereAreSome() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let plain = Item(id: UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!, title: "GitHub", username: "alice",
                         password: "s3cret", created: Date(timeIntervalSinceReferenceDate: 800_000_000))
        #expect(String(decoding: try encoder.encode(plain), as: UTF8.self)
            == #"{"attachments":[],"attributes":{},"created":800000000,"fields":[],"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","matchMode":"domain","modified":800000000,"notes":"","password":"s3cret","passwordHistory":[],"tags":[],"title":"GitHub","unknownFields":[],"urls":[],"username":"alice"}"#)
        var withPasskeys = plain
        withPasskeys.passkeys = [try samplePasskey(signCount: 3)]
        let json = try encoder.encode(withPasskeys)
        #expect(try JSONDecoder().decode(Item.self, from: json) == withPasskeys)
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains(#""credentialID":"\#(withPasskeys.passkeys[0].credentialIDText)""#))
        #expect(text.contains(#""userHandle":"AP-AAQ""#) && text.contains(#""signCount":3"#))
    }
}

/// Passkeys in the vault: kept through edits (each a new version), the trash, a master password change, and a
/// reopened file.
@Suite struct PasskeyVaultTests {
    @Test func passkeysStayWithTheirItem() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder, password: "one")
        let passkey = try samplePasskey()
        let item = Item(title: "Example", username: "alice", password: "pw", urls: [ItemURL("https://example.org")],
                        passkeys: [passkey])
        try vault.add(item)
        let edited = try vault.updateItem(withID: item.id) { $0.password = "pw2" }
        #expect(edited.passkeys == [passkey] && edited.passwordHistory.map(\.password) == ["pw"])
        try vault.setState(.trashed, ofItemWithID: item.id)
        #expect(try vault.item(withID: item.id).item.passkeys == [passkey])
        try vault.setState(.active, ofItemWithID: item.id)
        try vault.changeMasterPassword(to: SecureBytes(utf8: "two"))
        let reopened = try Vault(path: folder.file("vault.sqlite"), publicSuffixList: testPublicSuffixList)
        try reopened.unlock(password: SecureBytes(utf8: "two"))
        let stored = try reopened.item(withID: item.id).item
        #expect(stored.passkeys == [passkey])
        #expect(try stored.passkeys[0].privateKey.signingKey().publicKey == passkey.privateKey.signingKey().publicKey)
    }
}
