import Foundation
import Testing
import SesameStore
@testable import SesameAutoFill

@Suite struct VaultAuditTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let strong = "H7#kq9!Lm2@vX4zR"

    func login(_ title: String, _ password: String, user: String = "alice", url: String, daysOld: Double = 10,
               code: String? = nil) -> Item {
        Item(title: title, username: user, password: password, urls: [ItemURL(url)],
             created: Self.now.addingTimeInterval(-daysOld * 86_400), oneTimeCode: code)
    }

    func audit(_ items: [Item], groups: [EquivalentGroup] = [], twoFactor: Set<String>? = nil, revealing: Bool = false) -> AuditReport {
        VaultAudit(equivalents: EquivalentDomains(groups: groups), twoFactorSites: twoFactor,
                   publicSuffixList: testPublicSuffixList, now: Self.now, revealing: revealing).run(items)
    }

    @Test func zxcvbnFindsTheWeakPasswordsAndSaysWhy() throws {
        let report = audit([login("Bank", "summer2019", url: "bank.example"), login("Keys", "qazwsxedc", url: "keys.example"),
                            login("Strong", Self.strong, url: "strong.example")])
        #expect(report.itemsChecked == 3)
        #expect(report.weak.map(\.item.title) == ["Bank", "Keys"])
        let bank = try #require(report.weak.first)
        #expect(bank.reason.hasPrefix("a common password or dictionary word"))
        #expect(bank.reason.hasSuffix(" bits") && bank.bits < PasswordStrength.weakBelowBits)
        #expect(report.weak[1].reason.contains("keyboard pattern") || report.weak[1].reason.contains("dictionary word"))
        let strength = try #require(PasswordStrength.estimate(Self.strong))
        #expect(!strength.isWeak)
        // A password made of the login's own user name is guessable even if no dictionary has it.
        let personal = try #require(PasswordStrength.estimate("zorbaxtrem", personalWords: ["zorbaxtrem"]))
        #expect(personal.patterns.contains(.personalWord))
    }

    @Test func reusedPasswordsFormGroupsButOneAccountOnEquivalentSitesIsNotReuse() {
        let report = audit([
            login("Mail", Self.strong, url: "mail.example"), login("Forum", Self.strong, url: "forum.example"),
            login("Google", "Same!Acc0unt#Pass", url: "google.com"), login("YouTube", "Same!Acc0unt#Pass", url: "youtube.com"),
            login("Alone", "An0ther$trong#One", url: "alone.example"),
        ], groups: [.shared(["google.com", "youtube.com"])])
        #expect(report.reused.map { $0.items.map(\.title) } == [["Forum", "Mail"]])
    }

    @Test func passwordsUnchangedForAYearAreOld() {
        var changed = login("Changed", Self.strong, url: "a.example", daysOld: 900)
        changed.passwordHistory = [PasswordHistoryEntry(password: "old", replaced: Self.now.addingTimeInterval(-30 * 86_400))]
        let report = audit([login("Ancient", "Anc1ent!Pass#Word", url: "b.example", daysOld: 400), changed,
                            login("Recent", "Rec3nt!Pass#Word", url: "c.example", daysOld: 364)])
        #expect(report.old.map(\.item.title) == ["Ancient"])
        #expect(report.old.first?.passwordChanged == Self.now.addingTimeInterval(-400 * 86_400))
    }

    @Test func loginsWithoutACodeOnSitesThatOfferOneAreListedOnlyWithAList() throws {
        let items = [login("GitHub", Self.strong, url: "https://github.com/login"),
                     login("GitLab", "Gitl4b!Strong#Pass", url: "gitlab.com", code: "otpauth://totp/x?secret=JBSWY3DP"),
                     login("Blog", "Bl0g!Strong#Pass", url: "blog.example")]
        #expect(audit(items).missingOneTimeCode == nil)
        let sites = try VaultAudit.twoFactorSites(parsing: "# sites\ngithub.com\nhttps://www.gitlab.com/\n\n", list: testPublicSuffixList)
        #expect(sites == ["github.com", "gitlab.com"])
        let report = audit(items, twoFactor: sites)
        #expect(report.missingOneTimeCode?.map(\.item.title) == ["GitHub"])
        #expect(report.missingOneTimeCode?.first?.site == "github.com")
        #expect(throws: ServiceFailure.self) { try VaultAudit.twoFactorSites(parsing: "ok.example\nco.uk\n", list: testPublicSuffixList) }
    }

    @Test func oneAccountWithDifferentPasswordsInASharedGroupIsReported() {
        let report = audit([
            login("Google", "G00gle!Strong#Pass", url: "google.com"), login("YouTube", "Y0uTube!Strong#Pass", url: "youtube.com"),
            login("YouTube (bob)", "B0b!Strong#Pass", user: "bob", url: "youtube.com"),
        ], groups: [.shared(["google.com", "youtube.com"])])
        #expect(report.sharedCredentialMismatch.map { $0.items.map(\.title) } == [["Google", "YouTube"]])
        #expect(report.sharedCredentialMismatch.first?.sites == ["google.com", "youtube.com"])
    }

    @Test func passwordsAppearOnlyWhenRevealing() throws {
        let items = [login("A", "password1", url: "a.example"), login("B", "password1", url: "b.example")]
        let hidden = try JSONEncoder().encode(audit(items))
        #expect(!String(decoding: hidden, as: UTF8.self).contains("password1"))
        let revealed = audit(items, revealing: true)
        #expect(revealed.weak.allSatisfy { $0.item.password == "password1" })
    }
}
