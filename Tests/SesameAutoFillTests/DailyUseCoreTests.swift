import Foundation
import SesameAutoFill
import SesameCrypto
import SesameStore
import Testing

/// Issue 26's core pieces: list queries, the master password's strength, and conflict summaries without secrets.
@Suite struct DailyUseCoreTests {
    static func summary(_ title: String, user: String = "", urls: [String] = [], tags: [String] = [], age: Double) -> ItemSummary {
        ItemSummary(Item(title: title, username: user, password: "secret-\(title)", urls: urls.map { ItemURL($0) }, tags: tags,
                         created: Date(timeIntervalSinceReferenceDate: 1_000 - age)))
    }

    static let items = [
        summary("Bank", user: "zed", urls: ["https://bank.example"], tags: ["money"], age: 3),
        summary("GitHub", user: "alice", urls: ["https://github.com"], tags: ["dev", "work"], age: 1),
        summary("Work mail", user: "bob", urls: ["mail.work.example"], tags: ["Work"], age: 2),
    ]

    @Test func aQueryMatchesTitlesUserNamesURLsAndTagsButNeverSecrets() {
        func titles(_ query: ItemListQuery) -> [String] { query.apply(Self.items).map(\.title) }
        #expect(titles(ItemListQuery()) == ["Bank", "GitHub", "Work mail"])
        #expect(titles(ItemListQuery(text: "WORK")) == ["GitHub", "Work mail"], "a tag and a title")
        #expect(titles(ItemListQuery(text: "work bob")) == ["Work mail"], "every word")
        #expect(titles(ItemListQuery(text: "bank.example")) == ["Bank"])
        #expect(titles(ItemListQuery(text: "secret")).isEmpty)
        #expect(titles(ItemListQuery(tags: ["work"])) == ["GitHub", "Work mail"], "tags ignore case")
        #expect(titles(ItemListQuery(tags: ["work", "dev"])) == ["GitHub"], "every tag")
        #expect(titles(ItemListQuery(order: .username)) == ["GitHub", "Work mail", "Bank"])
        #expect(titles(ItemListQuery(order: .created)) == ["GitHub", "Work mail", "Bank"], "newest first")
    }

    @Test func theMasterPasswordEstimateIsTheAuditsOnSecureBytes() throws {
        for password in ["abc", "password123", "correct-horse-battery-staple-9", "q7#Lp2!vR9zWx4"] {
            let fromString = try #require(PasswordStrength.estimate(password, personalWords: ["sesame"]))
            let fromBytes = try #require(PasswordStrength.estimate(SecureBytes(utf8: password), personalWords: ["sesame"]))
            #expect(fromString == fromBytes, "\(password)")
        }
        #expect(PasswordStrength.estimate("password123")?.isEnoughForMasterPassword == false)
        #expect(PasswordStrength.estimate("Tr0ub4dor&3")?.isEnoughForMasterPassword == false)
        #expect(PasswordStrength.estimate("correct-horse-battery-staple-9")?.isEnoughForMasterPassword == true)
        #expect(PasswordStrength.estimate("sesame2024", personalWords: ["sesame"])?.patterns.contains(.personalWord) == true)
    }
}
