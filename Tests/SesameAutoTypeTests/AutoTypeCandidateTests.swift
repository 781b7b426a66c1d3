import Foundation
import SesameAutoType
import SesameCrypto
import SesameDomains
import SesameStore
import Testing
@testable import SesameAutoFill
@testable import SesameAutoTypeRules

/// Which login Auto-Type picks for a window: rules first, then the sites a title names, through the matcher.
@Suite struct AutoTypeCandidateTests {
    static let publicSuffixList: PublicSuffixList = {
        let environment = ProcessInfo.processInfo.environment["SESAME_PUBLIC_SUFFIX_LIST"] ?? ""
        let path = environment.isEmpty ? "/usr/share/publicsuffix/public_suffix_list.dat" : environment
        return PublicSuffixList(utf8: Array(FileManager.default.contents(atPath: path) ?? Data()))
    }()

    let folder = FileManager.default.temporaryDirectory.path + "/sesame-autotype-rules-" + UUID().uuidString
    let service: LocalVaultService

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let vault = try Vault.create(at: folder + "/vault.sqlite", password: SecureBytes(utf8: "autotype"),
                                     kdf: KDFParameters.generate(memoryMiB: 19, passes: 2),
                                     publicSuffixList: Self.publicSuffixList)
        service = LocalVaultService(vault: vault)
    }

    func add(_ title: String, _ url: String, username: String = "alice") throws -> ItemView {
        try service.add(Item(title: title, username: username, password: "pw", urls: [ItemURL(url)]))
    }

    @Test func titleSitesAreWordsThatNameHosts() {
        #expect(AutoTypeTitleSites.sites(in: "Sign in - accounts.Example.com — Mozilla Firefox") == ["accounts.example.com"])
        #expect(AutoTypeTitleSites.sites(in: "https://git.example.org/login (Chromium)") == ["https://git.example.org/login"])
        #expect(AutoTypeTitleSites.sites(in: "alice@mail.example.net: Inbox") == ["mail.example.net"])
        #expect(AutoTypeTitleSites.sites(in: "Version 1.2 of report.pdf, v3.x") == ["report.pdf"])
        #expect(AutoTypeTitleSites.sites(in: "Terminal") == [])
    }

    @Test func theSiteInTheTitleChoosesTheBestMatchesOnly() throws {
        let exact = try add("Accounts", "https://accounts.example.com")
        _ = try add("Example", "https://example.com")
        _ = try add("Other", "https://other.org")
        let window = AutoTypeWindow(id: 1, title: "Sign in - accounts.example.com - Browser")
        #expect(try service.autoTypeCandidates(for: window, site: nil).map(\.itemID) == [exact.id])
        #expect(try service.autoTypeCandidates(for: window, site: nil).first?.site == "accounts.example.com")
        // A look-alike host in a title is not the site.
        #expect(try service.autoTypeCandidates(for: AutoTypeWindow(id: 1, title: "ab.accounts-example.com"), site: nil).isEmpty)
    }

    /// Issue 22: a page's `<title>` ("Sign in to GitHub - github.com") picked GitHub's login in a browser window.
    @Test func aBrowsersTitlePicksNoLoginOnlyARuleOrASiteDoes() throws {
        let github = try add("GitHub", "https://github.com")
        let title = "Sign in to GitHub - github.com"
        let browsers = [("Firefox-esr", "Navigator"), ("firefox", "Navigator"), ("Chromium", "chromium"),
                        ("Google-chrome", "google-chrome"), ("Brave-browser", "brave-browser"),
                        ("Microsoft-edge", "microsoft-edge"), ("Epiphany", "epiphany"), ("Vivaldi-stable", "vivaldi-stable"),
                        ("", "Navigator")]
        for (windowClass, instance) in browsers {
            let window = AutoTypeWindow(id: 7, title: title, windowClass: windowClass, instance: instance)
            #expect(try service.autoTypeCandidates(for: window, site: nil).isEmpty, "\(windowClass)")
            #expect(try service.autoTypeCandidates(for: window, site: "github.com").map(\.itemID) == [github.id])
        }
        // A rule the person made still picks in a browser.
        try service.addAutoTypeRule(AutoTypeRule(titlePattern: "Sign in to GitHub*", itemID: github.id))
        let firefox = AutoTypeWindow(id: 7, title: title, windowClass: "Firefox-esr", instance: "Navigator")
        #expect(try service.autoTypeCandidates(for: firefox, site: nil).map(\.itemID) == [github.id])
        // Other programs' titles still name their sites; names that only start alike are no browsers.
        let terminal = AutoTypeWindow(id: 8, title: "ssh github.com", windowClass: "XTerm", instance: "xterm")
        #expect(try service.autoTypeCandidates(for: terminal, site: nil).map(\.itemID) == [github.id])
        for name in ["Zenity", "operator", "chromiumish", "SesameTestLogin", ""] {
            #expect(!AutoTypeBrowserWindows.isBrowserName(name), "\(name)")
        }
    }

    @Test func aSiteHandedInReplacesTheTitle() throws {
        let other = try add("Other", "https://other.org")
        let window = AutoTypeWindow(id: 1, title: "example.com")
        #expect(try service.autoTypeCandidates(for: window, site: "other.org").map(\.itemID) == [other.id])
    }

    @Test func rulesComeFirstByTitlePatternOrClass() throws {
        let byTitle = try add("Mail", "https://mail.example.com")
        let byClass = try add("Shell", "ssh://host.example.com", username: "root")
        _ = try add("Example", "https://example.com")
        try service.addAutoTypeRule(AutoTypeRule(titlePattern: "*example.com*inbox*", itemID: byTitle.id))
        try service.addAutoTypeRule(AutoTypeRule(windowClass: "XTerm", itemID: byClass.id, sequence: "{PASSWORD}{ENTER}"))

        let mail = AutoTypeWindow(id: 1, title: "Example.com Mail - Inbox")
        #expect(try service.autoTypeCandidates(for: mail, site: nil).map(\.itemID) == [byTitle.id])
        let terminal = AutoTypeWindow(id: 2, title: "root@example.com", windowClass: "xterm", instance: "xterm")
        let chosen = try service.autoTypeCandidates(for: terminal, site: nil)
        #expect(chosen.map(\.itemID) == [byClass.id])
        #expect(chosen.first?.sequence == "{PASSWORD}{ENTER}")
        #expect(chosen.first?.ruleID != nil)
    }

    @Test func rulesAreStoredEncryptedAndRemovedByIDPrefix() throws {
        let item = try add("Mail", "https://mail.example.com")
        let rule = try service.addAutoTypeRule(AutoTypeRule(titlePattern: "Mail*", itemID: item.id))
        #expect(try service.autoTypeRules() == [rule])
        #expect(throws: ServiceFailure.self) { try service.addAutoTypeRule(AutoTypeRule(titlePattern: "Mail*", itemID: item.id)) }
        let raw = try Data(contentsOf: URL(fileURLWithPath: folder + "/vault.sqlite"))
        #expect(raw.range(of: Data("Mail*".utf8)) == nil)
        let removed = try service.removeAutoTypeRule(String(rule.id.uuidString.prefix(6)))
        #expect(removed == rule)
        #expect(try service.autoTypeRules().isEmpty)
        #expect(throws: ServiceFailure.self) { try service.removeAutoTypeRule(String(rule.id.uuidString.prefix(6))) }
    }

    @Test func badRulesAreRefusedWithAReason() throws {
        let item = try add("Mail", "https://mail.example.com")
        for rule in [AutoTypeRule(itemID: item.id), AutoTypeRule(titlePattern: "**", itemID: item.id),
                     AutoTypeRule(titlePattern: "a", windowClass: "b", itemID: item.id),
                     AutoTypeRule(windowClass: "xterm", itemID: item.id, sequence: "{NOPE}"),
                     AutoTypeRule(windowClass: "xterm", itemID: UUID())] {
            #expect(throws: ServiceFailure.self) { try service.addAutoTypeRule(rule) }
        }
    }

    @Test func wildcardsMatchTheWholeTitleIgnoringCase() {
        #expect(AutoTypeRule.wildcard("*Login*", matches: "Example LOGIN page"))
        #expect(AutoTypeRule.wildcard("Login", matches: "login"))
        #expect(!AutoTypeRule.wildcard("Login", matches: "Login page"))
        #expect(AutoTypeRule.wildcard("a*b*c", matches: "a123b456c"))
        #expect(!AutoTypeRule.wildcard("a*b*c", matches: "a123c456b"))
    }
}
