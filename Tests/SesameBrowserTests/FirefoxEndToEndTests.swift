import Foundation
import Testing

/// Firefox ESR, Debian's KeePassXC-Browser extension, the built host and a real agent (about 25–45 s).
let firefoxEndToEndIsPossible = pyNaClIsInstalled
    && FileManager.default.isExecutableFile(atPath: "/usr/bin/firefox-esr")
    && FileManager.default.fileExists(atPath: "/usr/share/webext/keepassxc-browser/manifest.json")

/// The real extension in headless Firefox, driven through Marionette (Scripts/firefox_e2e.py): after
/// `sesame setup browser`, it asks to be associated, `sesame browser allow` answers, and it fills a login page served
/// on 127.0.0.1 with the vault's login.
@Suite(.enabled(if: firefoxEndToEndIsPossible, "needs firefox-esr, webext-keepassxc-browser and python3-nacl (Debian)"))
struct FirefoxEndToEndTests {
    @Test func theExtensionAssociatesAndFillsALoginPage() throws {
        let home = try BrowserProtocolTests.Home(logins: [
            (title: "Local", username: "alice", url: "127.0.0.1", password: "s3cr3t-P@ss"),
        ])
        let setup = try home.run(home.bin + "/sesame", ["setup", "browser", "--browser", "firefox"])
        #expect(setup.status == 0, "\(setup.output)")
        let result = try home.script("firefox_e2e.py")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("ok filled alice"))
    }
}
