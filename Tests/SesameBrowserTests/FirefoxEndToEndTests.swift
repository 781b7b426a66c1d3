import Foundation
import Testing

/// Firefox ESR, Debian's KeePassXC-Browser extension, the built host and a real agent (about 25–45 s).
let firefoxEndToEndIsPossible = pyNaClIsInstalled
    && FileManager.default.isExecutableFile(atPath: "/usr/bin/firefox-esr")
    && FileManager.default.fileExists(atPath: "/usr/share/webext/keepassxc-browser/manifest.json")
    && FileManager.default.isExecutableFile(atPath: "/usr/bin/oathtool")

/// The real extension in headless Firefox, driven through Marionette (Scripts/firefox_e2e.py): after
/// `sesame setup browser`, it asks to be associated, `sesame browser allow` answers, and it fills a login page served
/// on 127.0.0.1 with the vault's login, then its one-time code field through `get-totp` (checked against oathtool).
@Suite(.enabled(if: firefoxEndToEndIsPossible, "needs firefox-esr, webext-keepassxc-browser, python3-nacl and oathtool (Debian)"))
struct FirefoxEndToEndTests {
    @Test func theExtensionAssociatesAndFillsALoginPage() throws {
        let home = try BrowserProtocolTests.Home(logins: [
            (title: "Local", username: "alice", url: "127.0.0.1", password: "s3cr3t-P@ss"),
        ])
        let secret = "JBSWY3DPEHPK3PXP"
        let otp = try home.run(home.bin + "/sesame", ["edit", "Local", "--otp", "--password-stdin"], input: secret + "\n")
        #expect(otp.status == 0, "\(otp.output)")
        let setup = try home.run(home.bin + "/sesame", ["setup", "browser", "--browser", "firefox"])
        #expect(setup.status == 0, "\(setup.output)")
        let result = try home.script("firefox_e2e.py", environment: ["TOTP_SECRET": secret])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("ok filled alice"))
        #expect(result.output.contains("ok one-time code"))
    }
}
