import Foundation
import SesameAutoFill
import SesameStore
import Testing

/// One-time codes in the provider model: identities per item and site, the list and the code requests.
@Suite struct OneTimeCodeProviderTests {
    static let uri = "otpauth://totp/Example:alice?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Example"

    func loginWithCode(_ title: String, urls: [String], password: String = "s3cret-pw") -> Item {
        var item = testLogin(title, password: password, urls: urls)
        item.oneTimeCode = Self.uri
        return item
    }

    @Test func anItemWithACodeGetsAOneTimeCodeIdentityPerSite() {
        let identities = CredentialIdentity.identities(
            for: loginWithCode("A", urls: ["https://login.example.com", "https://example.org"]), usage: nil,
            suffixes: testPublicSuffixList)
        #expect(identities.filter { $0.kind == .password }.map(\.serviceIdentifier.identifier) == ["example.com", "example.org"])
        #expect(identities.filter { $0.kind == .oneTimeCode }.map(\.serviceIdentifier.identifier) == ["example.com", "example.org"])
        #expect(Set(identities.map(\.key)).count == 4, "a code's identity is another suggestion than the password's")
        // An item holding only a code is still offered for one-time-code fields, and only there.
        let codeOnly = CredentialIdentity.identities(
            for: { var item = loginWithCode("B", urls: ["https://b.example"], password: ""); item.username = ""; return item }(),
            usage: nil, suffixes: testPublicSuffixList)
        #expect(codeOnly.map(\.kind) == [.oneTimeCode])
        #expect(CredentialIdentity.identities(for: testLogin("C", urls: ["https://c.example"]), usage: nil,
                                              suffixes: testPublicSuffixList).allSatisfy { $0.kind == .password })
    }

    @Test func theListHasOnlyLoginsWithACodeAndTheCodeFollowsTheClock() async throws {
        let fixture = try ProviderFixture()
        let items = try fixture.seed([
            loginWithCode("With code", urls: ["https://example.com"]), testLogin("Without", urls: ["https://example.com"]),
        ])
        await #expect(throws: ProviderError.userInteractionRequired) {
            try await fixture.provider.listOneTimeCodes(for: [domainService("example.com")])
        }
        try await fixture.unlock()
        #expect(try await fixture.provider.listOneTimeCodes(for: [domainService("example.com")]).map(\.title) == ["With code"])
        // Text insertion lists the whole vault once; each row says whether its login has a code.
        #expect(try await fixture.provider.listOneTimeCodes(for: []).map(\.title) == ["With code"])
        #expect(try await fixture.provider.list(for: []).map { "\($0.title) \($0.hasOneTimeCode)" }.sorted()
                == ["With code true", "Without false"])
        #expect(try await fixture.provider.list(for: [domainService("example.com")]).filter(\.hasOneTimeCode).map(\.title)
                == ["With code"])
        let settings = try OneTimeCodeSettings(parsing: Self.uri)
        let code = try await fixture.provider.oneTimeCode(forItemWithID: items[0].id)
        #expect(code == OneTimeCode(settings, at: fixture.clock.now()))
        await #expect(throws: ProviderError.credentialIdentityNotFound) {
            try await fixture.provider.oneTimeCode(forItemWithID: items[1].id)
        }
    }

    @Test func aTappedCodeSuggestionFollowsTheNoUIRules() async throws {
        let fixture = try ProviderFixture()
        let item = try fixture.seed([loginWithCode("A", urls: ["https://a.example.com"])])[0]
        let identity = CredentialIdentity(serviceIdentifier: domainService("example.com"), user: "alice",
                                          recordIdentifier: CredentialIdentity.recordIdentifier(for: item.id), kind: .oneTimeCode)
        await #expect(throws: ProviderError.userInteractionRequired) {
            try await fixture.provider.oneTimeCode(for: identity, mode: .withoutUserInteraction)
        }
        #expect(fixture.authenticator.prompts.isEmpty)
        try await fixture.unlock()
        let code = try await fixture.provider.oneTimeCode(for: identity, mode: .withoutUserInteraction)
        #expect(code.code.count == 6 && (1...30).contains(code.remaining))
        let stale = CredentialIdentity(serviceIdentifier: domainService("example.com"), user: "alice",
                                       recordIdentifier: "not-an-item", kind: .oneTimeCode)
        await #expect(throws: ProviderError.credentialIdentityNotFound) {
            try await fixture.provider.oneTimeCode(for: stale, mode: .withoutUserInteraction)
        }
    }
}
