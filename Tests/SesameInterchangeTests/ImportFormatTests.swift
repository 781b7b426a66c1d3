import Foundation
import Testing
import SesameCrypto
import SesameKeePass
import SesameStore
@testable import SesameInterchange

/// Each manager's export, written from its documented columns with awkward rows, read into items.
@Suite struct ImportFormatTests {
    private func item(_ batch: ImportBatch, at location: String) throws -> Item {
        try #require(batch.records.first { $0.location == location }).item
    }

    @Test func chromeRowsKeepQuotesCommasNewlinesAndUnicodeAndRejectBadRowsByLine() throws {
        let (format, batch) = try Fixture.read("chrome.csv")
        #expect(format == .chrome)
        let github = try item(batch, at: "line 2")
        #expect(github.title == "github.com")
        #expect(github.urls == [ItemURL("https://github.com/login")])
        #expect((github.username, github.password, github.notes) == ("alice", "p,ss\"word", ""))
        let bank = try item(batch, at: "line 3")
        #expect(bank.title == "Bank, Main")
        #expect(bank.notes == "line 1\r\nline 2")
        let untitled = try item(batch, at: "line 5")
        #expect(untitled.title == "münchen.example")
        #expect((untitled.username, untitled.password) == ("jörg", "日本語パス"))
        #expect(try item(batch, at: "line 9").urls == [ItemURL("android://hash@com.example.app/")])
        #expect(batch.rejected.map(\.location) == ["line 6", "line 7", "line 8"])
        #expect(batch.rejected[0].reason.contains("closing quote"))
        #expect(batch.rejected[1].reason == "it has 2 fields where the header has 5")
        #expect(batch.rejected[2].reason == "it is empty")
        #expect(batch.records.count == 4)
    }

    @Test func anOlderChromeExportWithoutTheNoteColumnReads() throws {
        let (format, batch) = try Fixture.read("chrome-no-note.csv")
        #expect(format == .chrome)
        #expect(batch.records.map(\.item.password) == ["pw1"])
    }

    @Test func firefoxTimesRealmAndFormOriginAreKept() throws {
        let (format, batch) = try Fixture.read("firefox.csv")
        #expect(format == .firefox)
        let first = try item(batch, at: "line 2")
        #expect(first.title == "accounts.example.com")
        #expect(first.password == "fire\"fox")
        #expect(first.created == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(first.modified == Date(timeIntervalSince1970: 1_700_000_900))
        #expect(first.fields.isEmpty)
        #expect(try item(batch, at: "line 3").fields == [CustomField(name: "httpRealm", value: "Intranet realm")])
        let third = try item(batch, at: "line 4")
        #expect(third.username == "")
        #expect(third.fields == [CustomField(name: "formActionOrigin", value: "https://login.nouser.example")])
    }

    @Test func safariOneTimeCodesBecomeTheItemsOneTimeCode() throws {
        let (format, batch) = try Fixture.read("safari.csv")
        #expect(format == .safari)
        let grace = try item(batch, at: "line 2")
        #expect(grace.oneTimeCode == "otpauth://totp/Example:grace?secret=JBSWY3DPEHPK3PXP&issuer=Example")
        #expect(grace.notes == "Notes with \"quotes\"\nand a newline")
        #expect(grace.password == "pa,ss")
        #expect(try item(batch, at: "line 4").oneTimeCode == nil)
        #expect(try item(batch, at: "line 5").title == "Ünïcödé ✓")
    }

    @Test func onePasswordTagsFavoritesAndArchiveBecomeTags() throws {
        let (format, batch) = try Fixture.read("1password.csv")
        #expect(format == .onePassword)
        let dropbox = try item(batch, at: "line 2")
        #expect(dropbox.tags == ["Personal", "Cloud", "Favorite"])
        #expect(dropbox.oneTimeCode == "otpauth://totp/Dropbox:judy?secret=GEZDGNBVGY3TQOJQ")
        #expect(dropbox.notes == "Two\nlines")
        #expect(try item(batch, at: "line 4").tags == ["Archived"])
    }

    @Test func bitwardenCSVSplitsURIsAndFieldsAndWrapsABareTOTPSecret() throws {
        let (format, batch) = try Fixture.read("bitwarden.csv")
        #expect(format == .bitwardenCSV)
        let twitter = try item(batch, at: "line 2")
        #expect(twitter.urls == [ItemURL("https://twitter.com"), ItemURL("https://x.com")])
        #expect(twitter.fields == [CustomField(name: "Recovery", value: "abc def"), CustomField(name: "PIN", value: "1234")])
        #expect(twitter.tags == ["Social", "Favorite"])
        #expect(twitter.oneTimeCode == "otpauth://totp/Twitter:mallory?secret=JBSWY3DPEHPK3PXP")
        #expect(try item(batch, at: "line 4").notes == "Only a note, nothing else")
        #expect(try item(batch, at: "line 5").title == "untitled.example")
        #expect(batch.rejected.isEmpty)
    }

    @Test func bitwardenJSONKeepsHistoryHiddenFieldsEveryURIAndTimesAndRejectsCards() throws {
        let (format, batch) = try Fixture.read("bitwarden.json")
        #expect(format == .bitwardenJSON)
        let gitlab = try item(batch, at: "item 1")
        #expect(gitlab.urls.map(\.url) == ["https://gitlab.com", "https://gitlab.example.org"])
        #expect(gitlab.fields == [CustomField(name: "API token", value: "tok", isProtected: true),
                                  CustomField(name: "Team", value: "core")])
        #expect(gitlab.passwordHistory.map(\.password) == ["old-pw"])
        #expect(gitlab.tags == ["Work", "Favorite"])
        #expect(gitlab.oneTimeCode == "otpauth://totp/GitLab:peggy?secret=ABC")
        #expect(gitlab.created == ItemDraft.date(iso8601: "2022-01-02T03:04:05.000Z"))
        #expect(gitlab.created != gitlab.modified)
        #expect(batch.rejected == [ImportRejection(location: "item 2", reason: "it is a Bitwarden card or identity, not a login or note")])
        #expect(try item(batch, at: "item 3").notes == "code 1234")
    }

    @Test func keePassXCGroupsBecomeTagsAndAnUnclosedQuoteIsReported() throws {
        let (format, batch) = try Fixture.read("keepassxc.csv")
        #expect(format == .keepassxcCSV)
        let mail = try item(batch, at: "line 2")
        #expect(mail.tags == [])
        #expect(mail.password == "secret, with \"quotes\"")
        #expect(mail.oneTimeCode?.hasPrefix("otpauth://totp/Mail:alice?") == true)
        #expect(mail.created == ItemDraft.date(iso8601: "2020-01-01T00:00:00Z"))
        #expect(try item(batch, at: "line 4").tags == ["Work"])
        #expect(batch.rejected.map(\.location) == ["line 5"])
        #expect(batch.rejected.first?.reason.contains("never closed") == true)
    }

    /// A KeePass file is found from its signature and read through SesameKeePass, asking for its password and key
    /// file only then; its failures are one sentence, wrong credentials apart from damage.
    @Test func keePassFilesAreDetectedAndReadWithTheirPasswordAndKeyFile() throws {
        let items = [Item(title: "Mail", username: "alice", password: "pw", urls: [ItemURL("https://mail.example")]),
                     Item(title: "Bank", username: "bob", password: "pw2")]
        let keyFile = SecureBytes(copying: [UInt8](repeating: 7, count: 32))
        let cheap = KeePassExportOptions(keyDerivation: .argon2id(memoryKiB: 1024, iterations: 2, parallelism: 1))
        let file = try KeePassFile.file(
            from: items, credentials: KeePassCredentials(password: SecureBytes(utf8: "kp"), keyFile: keyFile), options: cheap)
        #expect(ImportFormat.detect(file) == .kdbx)

        var asked: [ImportSecret] = []
        let (format, batch) = try ImportReader.read(file, as: nil) { secret in
            asked.append(secret)
            return secret == .keePassPassword ? SecureBytes(utf8: "kp") : keyFile
        }
        #expect(format == .kdbx)
        #expect(asked == [.keePassPassword, .keePassKeyFile])
        // Entries at the top group are named by position and title alone.
        #expect(batch.records.map(\.location) == batch.records.indices.map { "entry \($0 + 1) (\(batch.records[$0].item.title))" })
        #expect(Set(batch.records.map(\.item.title)) == ["Mail", "Bank"])
        #expect(batch.records.first { $0.item.title == "Mail" }?.item.password == "pw")

        #expect(throws: ImportError(KeePassError.wrongCredentials.description)) {
            try ImportReader.read(file, as: .kdbx) { $0 == .keePassPassword ? SecureBytes(utf8: "kp") : SecureBytes(count: 0) }
        }
        #expect(throws: ImportError.self) {
            try ImportReader.read(Array(file.prefix(12)), as: nil) { _ in SecureBytes(utf8: "kp") }
        }
    }

    @Test func unknownContentIsNotGuessed() {
        #expect(ImportFormat.detect(Array("a,b,c\n1,2,3\n".utf8)) == nil)
        #expect(ImportFormat.detect(Array("{\"hello\": 1}".utf8)) == nil)
        #expect(ImportFormat.detect([]) == nil)
    }

    @Test func aCSVWithoutTheLayoutsColumnsIsRefusedByName() throws {
        #expect(throws: ImportError("The file is not Firefox CSV: it has no column named password.")) {
            try ImportReader.read(Array("url,username\nhttps://a.example,x\n".utf8), as: .firefox) { _ in SecureBytes(utf8: "") }
        }
    }

    @Test func anEncryptedBitwardenExportIsRefused() throws {
        #expect(throws: ImportError("The Bitwarden export is encrypted; export it again as unencrypted JSON or CSV.")) {
            try ImportReader.read(Array(#"{"encrypted": true, "items": []}"#.utf8), as: nil) { _ in SecureBytes(utf8: "") }
        }
    }
}
