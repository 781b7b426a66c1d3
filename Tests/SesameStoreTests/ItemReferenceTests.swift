import Foundation
import SesameStore
import Testing

/// How people name items (issue 26: the candidates of an ambiguous name, for the chooser) and how two versions of
/// an item differ (for `sesame conflicts`).
@Suite struct ItemReferenceTests {
    static let first = Item(id: UUID(uuidString: "AB12CD34-0000-4000-8000-000000000001")!, title: "GitHub", username: "alice")
    static let second = Item(id: UUID(uuidString: "AB12CD99-0000-4000-8000-000000000002")!, title: "github", username: "bob")
    static let other = Item(id: UUID(uuidString: "00000000-0000-4000-8000-000000000003")!, title: "GitLab")

    static func names(_ reference: String) -> [String] {
        ItemReference.candidates(reference, in: [first, second, other], id: \.id, title: \.title).map(\.username)
    }

    @Test func exactTitlesWinOverPrefixesAndIDs() {
        #expect(Self.names("GITHUB") == ["alice", "bob"], "both exact titles, case ignored")
        #expect(Self.names("git").count == 3, "a prefix of every title")
        #expect(Self.names("gitl") == [""], "an unambiguous prefix")
        #expect(Self.names("ab12cd") == ["alice", "bob"], "an id prefix of 4+ characters")
        #expect(Self.names("ab12cd3") == ["alice"])
        #expect(Self.names("ab1").isEmpty, "fewer than 4 characters never match an id")
        #expect(Self.names("").isEmpty)
    }

    @Test func differencesNameTheFieldsAndMarkTheSecretOnes() {
        var theirs = Self.first
        theirs.password = "new"
        theirs.notes = "changed"
        theirs.fields = [CustomField(name: "PIN", value: "1", isProtected: true), CustomField(name: "Room", value: "4")]
        theirs.oneTimeCode = "otpauth://totp/x?secret=JBSWY3DP"
        let differences = Self.first.differences(from: theirs)
        #expect(differences.map(\.field) == ["password", "notes", "oneTimeCode", "field:PIN", "field:Room"])
        #expect(differences.filter(\.isSecret).map(\.field) == ["password", "oneTimeCode", "field:PIN"])
        #expect(Self.first.differences(from: Self.first).isEmpty)
        #expect(theirs.displayValue(of: "field:Room") == "4" && Self.first.displayValue(of: "field:Room") == "(none)")
    }

    /// Every field a person edits is named when two versions differ in it, KeePass's extras included (a version
    /// that changed only them used to be listed as a conflict with no differing field); their contents are never shown.
    @Test func everyEditableFieldIsNamedOnce() {
        var theirs = Self.first
        theirs.title = "GitHub (work)"
        theirs.username = "alice@work"
        theirs.password = "p"
        theirs.urls = [ItemURL("https://github.com")]
        theirs.notes = "n"
        theirs.tags = ["work"]
        theirs.matchMode = .host
        theirs.expires = Date(timeIntervalSince1970: 2_000_000_000)
        theirs.oneTimeCode = "otpauth://totp/x?secret=JBSWY3DP"
        theirs.attributes = ["service": "x"]
        theirs.keePassExtras = "<AutoType><DefaultSequence>{PASSWORD}</DefaultSequence></AutoType>"
        theirs.created = Date(timeIntervalSince1970: 1)
        theirs.modified = Date(timeIntervalSince1970: 2)
        let names = Self.first.differences(from: theirs).map(\.field)
        #expect(names == ["title", "username", "password", "urls", "notes", "tags", "match", "expires", "oneTimeCode",
                          "attributes", "keePassExtras"])
        #expect(!theirs.displayValue(of: "keePassExtras").contains("PASSWORD"))
        #expect(Self.first.displayValue(of: "keePassExtras") == "(none)")
    }
}

/// Passkeys in ``Item/differences(from:)``: `sesame conflicts` must name a version that added, removed or changed
/// one, or the versions look alike and the wrong one may be kept.
@Suite struct ItemPasskeyDifferenceTests {
    @Test func anAddedRemovedOrChangedPasskeyIsADifferenceAndAUseIsNot() throws {
        let passkey = try samplePasskey()
        let without = ItemReferenceTests.first
        var with = without
        with.passkeys = [passkey]
        #expect(without.differences(from: with).map(\.field) == ["passkeys"], "added")
        #expect(with.differences(from: without).map(\.field) == ["passkeys"], "removed")
        #expect(with.differences(from: with).isEmpty)
        #expect(with.differences(from: without).allSatisfy { !$0.isSecret })

        var renamed = with
        renamed.passkeys[0].userName = "alice@new.example"
        #expect(with.differences(from: renamed).map(\.field) == ["passkeys"], "changed")
        var rekeyed = with
        rekeyed.passkeys[0].privateKey = try PasskeyPrivateKey.generate().key
        #expect(with.differences(from: rekeyed).map(\.field) == ["passkeys"], "another key")

        var used = with
        used.passkeys[0].lastUsed = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(with.differences(from: used).isEmpty, "a sign-in is not an edit")

        // Shown without the key: what people recognise it by.
        #expect(with.displayValue(of: "passkeys") == "example.org alice (\(passkey.credentialIDText))")
        #expect(without.displayValue(of: "passkeys") == "")
    }
}
