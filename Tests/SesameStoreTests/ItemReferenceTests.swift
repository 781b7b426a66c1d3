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
}
