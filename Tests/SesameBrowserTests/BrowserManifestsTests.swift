import Foundation
import SesameBrowser
import Testing

/// `sesame setup browser`'s manifests, in a private home folder.
@Suite struct BrowserManifestsTests {
    final class Home {
        let path = FileManager.default.temporaryDirectory.path + "/sesame-manifests-" + UUID().uuidString
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    static func read(_ path: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    @Test func eachBrowserGetsItsManifestWhereItLooks() throws {
        let home = Home()
        let manifests = BrowserManifests(home: home.path, configHome: nil)
        #expect(manifests.present().isEmpty)
        try FileManager.default.createDirectory(atPath: home.path + "/.mozilla", withIntermediateDirectories: true)
        #expect(manifests.present() == [.firefox])

        for browser in BrowserManifests.Browser.allCases {
            #expect(try manifests.install(browser, hostPath: "/opt/sesame/sesame-browser-host", replace: false).outcome == .installed)
        }
        let firefox = try Self.read(home.path + "/.mozilla/native-messaging-hosts/org.keepassxc.keepassxc_browser.json")
        #expect(firefox["name"] as? String == "org.keepassxc.keepassxc_browser")
        #expect(firefox["path"] as? String == "/opt/sesame/sesame-browser-host" && firefox["type"] as? String == "stdio")
        #expect(firefox["allowed_extensions"] as? [String] == ["keepassxc-browser@keepassxc.org"])
        let chrome = try Self.read(home.path + "/.config/google-chrome/NativeMessagingHosts/org.keepassxc.keepassxc_browser.json")
        #expect((chrome["allowed_origins"] as? [String])?.contains("chrome-extension://oboonakemofpalcgghocfoadofidjkkk/") == true)
        #expect(FileManager.default.fileExists(atPath: home.path + "/.config/chromium/NativeMessagingHosts/org.keepassxc.keepassxc_browser.json"))
        #expect(try manifests.install(.firefox, hostPath: "/opt/sesame/sesame-browser-host", replace: false).outcome == .unchanged)
        #expect(try manifests.install(.firefox, hostPath: "/usr/bin/sesame-browser-host", replace: false).outcome == .updated)
        #expect(try manifests.uninstall(.firefox).outcome == .removed)
        #expect(try manifests.uninstall(.firefox).outcome == .absent)
    }

    @Test func keePassXCsManifestIsReplacedOnlyWhenAskedAndComesBackWithUndo() throws {
        let home = Home()
        let manifests = BrowserManifests(home: home.path, configHome: home.path + "/config")
        let path = manifests.manifestPath(for: .chromium)
        #expect(path == home.path + "/config/chromium/NativeMessagingHosts/org.keepassxc.keepassxc_browser.json")
        try FileManager.default.createDirectory(atPath: manifests.folder(for: .chromium), withIntermediateDirectories: true)
        let keepassxc = Data(#"{"name":"org.keepassxc.keepassxc_browser","path":"/usr/bin/keepassxc-proxy","type":"stdio"}"#.utf8)
        try keepassxc.write(to: URL(fileURLWithPath: path))

        #expect(try manifests.install(.chromium, hostPath: "/h", replace: false).outcome == .keptOther)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == keepassxc)
        #expect(try manifests.uninstall(.chromium).outcome == .keptOther)

        #expect(try manifests.install(.chromium, hostPath: "/h", replace: true).outcome == .replaced)
        #expect(try Self.read(path)["path"] as? String == "/h")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + ".sesame-original")) == keepassxc)

        #expect(try manifests.uninstall(.chromium).outcome == .restored)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == keepassxc)
        #expect(!FileManager.default.fileExists(atPath: path + ".sesame-original"))
    }
}
