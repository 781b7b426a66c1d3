import Foundation
import Testing

/// Firefox ESR, apt-get and dpkg-deb to fetch KeePassXC-Browser 1.9 from Debian 13, and a python3 with py_webauthn
/// and python-fido2 for the page's server. The network is not a condition: without deb.debian.org the test fails
/// and says so.
let firefoxPasskeyEndToEndIsPossible = relyingPartyPython != nil
    && FileManager.default.isExecutableFile(atPath: "/usr/bin/firefox-esr")
    && FileManager.default.isExecutableFile(atPath: "/usr/bin/apt-get")
    && FileManager.default.isExecutableFile(atPath: "/usr/bin/dpkg-deb")
    && FileManager.default.fileExists(atPath: "/usr/share/keyrings/debian-archive-keyring.gpg")

/// Issue 24: the real KeePassXC-Browser 1.9 (Debian's trixie package, downloaded with apt-get into the test's folder)
/// in headless Firefox takes over `navigator.credentials` on a page of http://localhost; the page registers a passkey
/// and signs in with it twice (naming it, then discoverable) through the extension and Sesame's host, and its
/// server verifies each credential with py_webauthn and python-fido2 (Scripts/firefox_passkeys_e2e.py). Sesame's
/// refusals (another site's relying party id, user verification required) reach the page as the extension's errors.
@Suite(.enabled(if: firefoxPasskeyEndToEndIsPossible,
                "needs firefox-esr, apt-get, dpkg-deb, debian-archive-keyring, py_webauthn and python-fido2"))
struct FirefoxPasskeyEndToEndTests {
    static let proxyVariables: Set = ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "no_proxy", "NO_PROXY"]

    @Test func aPageRegistersAPasskeyAndSignsInWithItThroughTheRealExtension() throws {
        let home = try BrowserProtocolTests.Home(logins: [])
        let setup = try home.run(home.bin + "/sesame", ["setup", "browser", "--browser", "firefox"])
        #expect(setup.status == 0, "\(setup.output)")
        // The test's home has an environment of its own; apt-get still needs the machine's proxy, if it has one.
        let proxies = ProcessInfo.processInfo.environment.filter { Self.proxyVariables.contains($0.key) }
        let result = try home.run(relyingPartyPython ?? "", [BrowserProtocolTests.scripts + "/firefox_passkeys_e2e.py"],
                                  environment: proxies)
        // One failure, with the script's own sentence (e.g. that deb.debian.org is out of reach), not one per line.
        try #require(result.status == 0, "\(result.output)")
        #expect(result.output.contains("ok another site's passkey refused"))
        #expect(result.output.contains("ok registered"))
        #expect(result.output.contains("ok signed in (2)"))
        #expect(result.output.contains("ok user verification refused"))
        #expect(result.output.contains("ok the vault keeps alice's passkey for localhost"))
    }
}
