import Foundation
import SesameAutoFill
import SesameAutoFillTestSupport
import SesameCrypto
import SesameStore
import Testing

/// The provider flow's passkeys, as the iOS extension drives them (issue 24): registration and sign-in through
/// `CredentialProvider`, the identity store's passkey suggestions, user verification, exclusion and iOS 18's
/// conditional registration. What the provider hands over is checked by py_webauthn and python-fido2.
@Suite struct ProviderPasskeyTests {
    static let rp = "example.org"

    /// A real vault, a store, a scripted unlock prompt and a clock, as the extension has them.
    final class Fixture {
        static let password = "correct horse battery staple"
        let folder = TemporaryFolder()
        let vault: Vault
        let store = InMemoryIdentityStore()
        let prompt = Prompt()
        let clock = Clock()
        let provider: CredentialProvider

        init() throws {
            let path = folder.file("vault.sqlite")
            vault = try Vault.create(at: path, password: SecureBytes(utf8: Self.password),
                                     kdf: KDFParameters.generate(memoryMiB: 19, passes: 2), publicSuffixList: testPublicSuffixList)
            let clock = clock
            provider = CredentialProvider(vaultPath: path, publicSuffixList: testPublicSuffixList, identityStore: store,
                                          authenticator: prompt, now: { clock.now() })
        }

        func unlock() async throws { try await provider.unlock(password: SecureBytes(utf8: Self.password)) }

        /// A new provider on the same vault: the extension makes one per request it is shown for.
        func nextRequest() -> CredentialProvider {
            let clock = clock
            return CredentialProvider(vaultPath: vault.path, publicSuffixList: testPublicSuffixList, identityStore: store,
                                      authenticator: prompt, now: { clock.now() })
        }
    }

    final class Prompt: Authenticator, @unchecked Sendable {
        private let lock = NSLock()
        private var answers: [Bool] = []
        private var shown: [AuthenticationPrompt.Purpose] = []
        /// true: the master password; false: the person cancels.
        func script(_ answers: Bool...) { lock.withLock { self.answers += answers } }
        var purposes: [AuthenticationPrompt.Purpose] { lock.withLock { shown } }
        func authenticate(_ prompt: AuthenticationPrompt) async -> AuthenticationResult {
            let answer = lock.withLock {
                shown.append(prompt.purpose)
                return answers.isEmpty ? false : answers.removeFirst()
            }
            return answer ? .masterPassword(SecureBytes(utf8: Fixture.password)) : .canceled
        }
    }

    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var current = Date(timeIntervalSince1970: 1_800_000_000)
        func now() -> Date { lock.withLock { current } }
        func advance(by seconds: TimeInterval) { lock.withLock { current += seconds } }
    }

    /// What the system hands the extension: the hash of the client data it built for the relying party.
    struct ClientData {
        let challenge = SecureRandom.bytes(count: 32)
        let json: [UInt8]
        init(_ type: ClientDataJSON.Ceremony, origin: String = "https://" + ProviderPasskeyTests.rp) {
            json = ClientDataJSON.bytes(type, challenge: challenge, origin: origin)
        }
        var hash: [UInt8] { SHA256.hash(json) }
    }

    static func registration(_ clientData: ClientData, user: String = "alice@example.org",
                             algorithms: [Int64] = [COSEAlgorithm.es256]) -> PasskeyRegistrationRequest {
        PasskeyRegistrationRequest(relyingPartyID: rp, userName: user, userDisplayName: "Alice",
                                   userHandle: Array("user-4711".utf8), clientDataHash: clientData.hash,
                                   algorithms: algorithms, userVerified: true)
    }

    static func authenticatorFlags(_ authenticatorData: [UInt8]) -> UInt8 { authenticatorData[32] }

    @Test(.enabled(if: RelyingParties.missingLibrary == nil, "needs py_webauthn and python-fido2"))
    func aPasskeyMadeThroughTheProviderSignsInFromQuickTypeAndTheListAndBothLibrariesAccept() async throws {
        let fixture = try Fixture()
        try await fixture.unlock()
        let made = ClientData(.registration)
        let created = try await fixture.provider.registerPasskey(
            Self.registration(made), excluding: [], userVerification: .preferred, conditional: false)
        #expect(fixture.prompt.purposes.isEmpty, "a trusted session registers without asking again")
        #expect(Self.authenticatorFlags(created.authenticatorData) & 0x04 == 0, "no UV claimed without a prompt")

        // The store offers the passkey at once, for its relying party, naming the account.
        let identity = try #require(await fixture.store.identities.first { $0.kind == .passkey })
        #expect(identity.serviceIdentifier == ServiceIdentifier(Self.rp, kind: .domain))
        #expect(identity.user == "alice@example.org" && identity.credentialID == created.credentialID)
        #expect(identity.userHandle == Array("user-4711".utf8) && identity.itemID != nil)

        var testCase = RelyingPartyCase(name: "provider", credentialID: created.credentialID)
        testCase.registration = .init(
            challenge: Base64URL.encode(made.challenge), clientDataJSON: Base64URL.encode(made.json),
            attestationObject: Base64URL.encode(created.attestationObject))
        func record(_ signIn: PasskeySignIn, _ clientData: ClientData) {
            testCase.assertions.append(.init(
                challenge: Base64URL.encode(clientData.challenge), clientDataJSON: Base64URL.encode(clientData.json),
                authenticatorData: Base64URL.encode(signIn.authenticatorData),
                signature: Base64URL.encode(signIn.signature), userHandle: Base64URL.encode(signIn.userHandle)))
        }
        // A QuickType tap, without UI.
        let tap = ClientData(.assertion)
        let tapped = try await fixture.provider.passkeySignIn(
            for: identity, clientDataHash: tap.hash, userVerification: .preferred, mode: .withoutUserInteraction)
        #expect(tapped.userHandle == Array("user-4711".utf8) && tapped.credentialID == created.credentialID)
        record(tapped, tap)
        // The list: the relying party's passkeys, then the one the person picked.
        let listed = try await fixture.provider.passkeys(for: Self.rp, allowing: [])
        #expect(listed.map(\.passkey.credentialID) == [created.credentialID])
        #expect(try await fixture.provider.passkeys(for: Self.rp, allowing: [[1, 2, 3]]).isEmpty)
        #expect(try await fixture.provider.passkeys(for: "example.com", allowing: []).isEmpty)
        let pick = ClientData(.assertion)
        record(try await fixture.provider.passkeySignIn(
            withPasskey: created.credentialID, relyingPartyID: Self.rp, clientDataHash: pick.hash,
            userVerification: .preferred), pick)

        let verdict = try #require(try RelyingParties.verify([testCase])["provider"])
        #expect(verdict.bothAcceptedEverything, "\(verdict)")
        #expect(verdict.webauthn.assertions.count == 2)
    }

    /// The extension keeps no identity snapshot (its memory): a passkey sign-in must then re-save that login's
    /// suggestions with the passkey's new rank, not replace the whole store (a full sync of every item, about a
    /// second at 100,000 items, on every QuickType tap).
    @Test func aSignInWithoutASnapshotSavesThatLoginsSuggestionsInsteadOfReplacingTheStore() async throws {
        let fixture = try Fixture()
        let other = Item(title: "Other", username: "bob", password: "pw", urls: [ItemURL("https://other.example.net")])
        try fixture.vault.add(other)
        let clock = fixture.clock
        let provider = CredentialProvider(
            vaultPath: fixture.vault.path, publicSuffixList: testPublicSuffixList, identityStore: fixture.store,
            authenticator: fixture.prompt, keepsIdentitySnapshot: false, now: { clock.now() })
        try await provider.unlock(password: SecureBytes(utf8: Fixture.password))
        _ = try await provider.registerPasskey(
            Self.registration(ClientData(.registration)), excluding: [], userVerification: .preferred,
            conditional: false)
        let identity = try #require(await fixture.store.identities.first { $0.kind == .passkey })
        let writesBefore = await fixture.store.writes.count

        fixture.clock.advance(by: 60)
        _ = try await provider.passkeySignIn(
            for: identity, clientDataHash: ClientData(.assertion).hash, userVerification: .preferred,
            mode: .withoutUserInteraction)
        let writes = await fixture.store.writes.dropFirst(writesBefore)
        #expect(!writes.isEmpty && writes.allSatisfy { if case .save = $0 { true } else { false } }, "\(writes)")
        let ranked = try #require(await fixture.store.identities.first { $0.kind == .passkey })
        #expect(ranked.rank > identity.rank, "the sign-in moved the passkey up")
        #expect(await fixture.store.identities.contains { $0.user == "bob" }, "the other login's suggestion stays")
    }

    @Test func lockedOrVerificationRequiredAsksForUIAndOnlyAPromptClaimsUV() async throws {
        let fixture = try Fixture()
        try await fixture.unlock()
        let created = try await fixture.provider.registerPasskey(
            Self.registration(ClientData(.registration)), excluding: [], userVerification: .preferred, conditional: false)
        let identity = try #require(await fixture.store.identities.first { $0.kind == .passkey })
        #expect(created.credentialID == identity.credentialID)

        // Required verification: never without UI, even with a trusted session; with UI, a prompt even then.
        await #expect(throws: ProviderError.userInteractionRequired) {
            try await fixture.provider.passkeySignIn(for: identity, clientDataHash: ClientData(.assertion).hash,
                                                     userVerification: .required, mode: .withoutUserInteraction)
        }
        #expect(fixture.prompt.purposes.isEmpty)
        let request = fixture.nextRequest()
        fixture.prompt.script(true)
        let verified = try await request.passkeySignIn(for: identity, clientDataHash: ClientData(.assertion).hash,
                                                       userVerification: .required, mode: .afterUserInteraction)
        #expect(fixture.prompt.purposes == [.passkey(Self.rp)])
        #expect(Self.authenticatorFlags(verified.authenticatorData) & 0x05 == 0x05, "UP and UV")

        // Locked: without UI asks for UI; with UI the person may cancel.
        let locked = fixture.nextRequest()
        await locked.lock()
        await #expect(throws: ProviderError.userInteractionRequired) {
            try await locked.passkeySignIn(for: identity, clientDataHash: ClientData(.assertion).hash,
                                           userVerification: .discouraged, mode: .withoutUserInteraction)
        }
        fixture.prompt.script(false)
        await #expect(throws: ProviderError.userCanceled) {
            try await locked.passkeySignIn(for: identity, clientDataHash: ClientData(.assertion).hash,
                                           userVerification: .preferred, mode: .afterUserInteraction)
        }
        fixture.prompt.script(true)
        let unlocked = try await locked.passkeySignIn(for: identity, clientDataHash: ClientData(.assertion).hash,
                                                      userVerification: .preferred, mode: .afterUserInteraction)
        #expect(Self.authenticatorFlags(unlocked.authenticatorData) & 0x04 == 0x04, "the unlock verified the user")
    }

    @Test func anExcludedCredentialAnUnsupportedAlgorithmAndAStaleSuggestionAreRefused() async throws {
        let fixture = try Fixture()
        try await fixture.unlock()
        let first = try await fixture.provider.registerPasskey(
            Self.registration(ClientData(.registration)), excluding: [], userVerification: .preferred, conditional: false)
        await #expect(throws: ProviderError.matchedExcludedCredential) {
            try await fixture.provider.registerPasskey(
                Self.registration(ClientData(.registration)), excluding: [[9, 9], first.credentialID],
                userVerification: .preferred, conditional: false)
        }
        await #expect(throws: ProviderError.failed) {
            try await fixture.provider.registerPasskey(
                Self.registration(ClientData(.registration), algorithms: [-257]), excluding: [],
                userVerification: .preferred, conditional: false)
        }
        // Registering again for the same account replaces the passkey in the same login: one per account.
        let second = try await fixture.provider.registerPasskey(
            Self.registration(ClientData(.registration)), excluding: [], userVerification: .preferred, conditional: false)
        let items = try fixture.vault.allItems(in: [.active]).items
        #expect(items.count == 1 && items[0].passkeys.map(\.credentialID) == [second.credentialID])
        #expect(items[0].urls.map(\.url) == ["https://example.org"] && items[0].username == "alice@example.org")
        #expect(await fixture.store.identities.filter { $0.kind == .passkey }.map(\.credentialID) == [second.credentialID])

        // The replaced passkey's suggestion, tapped from a stale store: not found, and removed.
        let stale = CredentialIdentity(
            passkey: .init(credentialID: first.credentialID, relyingPartyID: Self.rp, userName: "alice@example.org",
                           userHandle: Array("user-4711".utf8)),
            itemID: items[0].id)
        await #expect(throws: ProviderError.credentialIdentityNotFound) {
            try await fixture.provider.passkeySignIn(for: stale, clientDataHash: ClientData(.assertion).hash,
                                                     userVerification: .preferred, mode: .withoutUserInteraction)
        }
        let password = CredentialIdentity(serviceIdentifier: ServiceIdentifier(Self.rp, kind: .domain), user: "alice",
                                          recordIdentifier: CredentialIdentity.recordIdentifier(for: items[0].id))
        await #expect(throws: ProviderError.credentialIdentityNotFound) {
            try await fixture.provider.passkeySignIn(for: password, clientDataHash: ClientData(.assertion).hash,
                                                     userVerification: .preferred, mode: .withoutUserInteraction)
        }
    }

    @Test func aConditionalRegistrationNeedsATrustedSessionAndAPasswordFilledRecently() async throws {
        let fixture = try Fixture()
        let login = Item(title: "Example", username: "alice@example.org", password: "pw",
                         urls: [ItemURL("https://www.example.org/login")])
        try fixture.vault.add(contentsOf: [login])
        func conditional(_ provider: CredentialProvider) async throws -> PasskeyCreated {
            try await provider.registerPasskey(Self.registration(ClientData(.registration)), excluding: [],
                                               userVerification: .preferred, conditional: true)
        }
        // Locked: failed at once, no UI (userInteractionRequired would mean nothing there).
        await #expect(throws: ProviderError.failed) { try await conditional(fixture.provider) }
        #expect(fixture.prompt.purposes.isEmpty)
        try await fixture.unlock()
        await #expect(throws: ProviderError.failed, "no password filled") { try await conditional(fixture.provider) }
        _ = try await fixture.provider.credential(forItemWithID: login.id)
        fixture.clock.advance(by: CredentialProvider.conditionalRegistrationWindow + 1)
        await #expect(throws: ProviderError.failed, "filled too long ago") { try await conditional(fixture.provider) }
        _ = try await fixture.provider.credential(forItemWithID: login.id)
        fixture.clock.advance(by: 60)
        await #expect(throws: ProviderError.failed, "verification required") {
            try await fixture.provider.registerPasskey(Self.registration(ClientData(.registration)), excluding: [],
                                                       userVerification: .required, conditional: true)
        }
        await #expect(throws: ProviderError.failed, "another account") {
            try await fixture.provider.registerPasskey(Self.registration(ClientData(.registration), user: "bob"),
                                                       excluding: [], userVerification: .preferred, conditional: true)
        }
        let created = try await conditional(fixture.provider)
        #expect(fixture.prompt.purposes.isEmpty)
        // The passkey joins the login whose password was filled: the account upgraded, not duplicated.
        let items = try fixture.vault.allItems(in: [.active]).items
        #expect(items.count == 1 && items[0].id == login.id && items[0].passkeys.map(\.credentialID) == [created.credentialID])
    }

    @Test func passkeySuggestionsFollowTheirItemAndAFullSyncMatchesTheIncrementalOnes() throws {
        let key = try PasskeyPrivateKey.generate().key
        func passkey(_ id: UInt8, used: Date? = nil) -> Passkey {
            Passkey(credentialID: [id, id], relyingPartyID: Self.rp, userHandle: [id], userName: "u\(id)",
                    privateKey: key, created: Date(timeIntervalSince1970: 1_000), lastUsed: used)
        }
        var onlyPasskeys = Item(title: "Only passkeys", passkeys: [passkey(1), passkey(2, used: Date(timeIntervalSince1970: 5_000))])
        onlyPasskeys.username = ""
        let identities = CredentialIdentity.identities(for: onlyPasskeys, usage: nil, suffixes: testPublicSuffixList)
        #expect(identities.map(\.kind) == [.passkey, .passkey], "no URL, no password: still offered for its relying party")
        #expect(identities.map(\.rank) == [0, 5_000])
        #expect(Set(identities.map(\.key)).count == 2)
        var never = Item(title: "Never", username: "a", password: "p", urls: [ItemURL("https://example.org")],
                         matchMode: .never, passkeys: [passkey(3)])
        #expect(CredentialIdentity.identities(for: never, usage: nil, suffixes: testPublicSuffixList).isEmpty)
        never.matchMode = .domain
        #expect(CredentialIdentity.identities(for: never, usage: nil, suffixes: testPublicSuffixList).map(\.kind)
                == [.passkey, .password])

        // The full sync reads only what suggestions need (no keys); it must name the same passkeys.
        let fixture = try Fixture()
        try fixture.vault.add(contentsOf: [onlyPasskeys, never])
        var full: [CredentialIdentity] = []
        _ = try fixture.vault.forEachLogin { full += CredentialIdentity.identities(for: $0, usage: nil, suffixes: testPublicSuffixList) }
        let incremental = try fixture.vault.allItems(in: [.active]).items.flatMap {
            CredentialIdentity.identities(for: $0, usage: nil, suffixes: testPublicSuffixList)
        }
        #expect(Set(full) == Set(incremental) && full.filter { $0.kind == .passkey }.count == 3)
    }

    /// A sign-in reads every item only as far as suggestions need, then decodes the few holders: it must find
    /// exactly what the full decode finds for that relying party, and nothing trashed.
    @Test func theRelyingPartysPasskeysAreThoseTheFullDecodeFinds() throws {
        let key = try PasskeyPrivateKey.generate().key
        func passkey(_ id: UInt8, _ party: String) -> Passkey {
            Passkey(credentialID: [id, id], relyingPartyID: party, userHandle: [id], userName: "u\(id)", privateKey: key,
                    created: Date(timeIntervalSince1970: 1_000))
        }
        let fixture = try Fixture()
        let both = Item(title: "Both", passkeys: [passkey(1, Self.rp), passkey(2, "example.com")])
        let other = Item(title: "Other", passkeys: [passkey(3, "example.com")])
        let trashed = Item(title: "Trashed", passkeys: [passkey(4, Self.rp)])
        let plain = Item(title: "Plain", username: "a", password: "p", urls: [ItemURL("https://example.org")])
        try fixture.vault.add(contentsOf: [both, other, trashed, plain])
        let service = LocalVaultService(vault: fixture.vault)
        try service.moveToTrash(trashed.id)
        for party in [Self.rp, "example.com", "nowhere.example"] {
            #expect(try service.passkeys(for: party) == service.passkeys().filter { $0.passkey.relyingPartyID == party })
        }
        #expect(try service.passkeys(for: Self.rp).map(\.passkey.credentialID) == [[1, 1]])
        #expect(try service.passkeys(for: "example.com").count == 2)
    }
}
