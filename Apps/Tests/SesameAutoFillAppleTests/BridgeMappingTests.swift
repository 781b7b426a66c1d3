import AuthenticationServices
import Foundation
import SesameAutoFill
import SesameAutoFillApple
import Testing

@Suite struct BridgeMappingTests {
    @Test func providerErrorsKeepTheirCodeInTheExtensionDomain() {
        for error in ProviderError.allCases {
            let system = error.system as NSError
            #expect(system.domain == ASExtensionErrorDomain)
            #expect(system.code == error.rawValue)
        }
    }

    @Test func serviceIdentifiersRoundTripAndAppIdentifiersAreDropped() throws {
        let domain = ServiceIdentifier("example.com", kind: .domain)
        let url = ServiceIdentifier("https://example.com:8443/admin", kind: .url)
        for identifier in [domain, url] {
            #expect(ServiceIdentifier(identifier.system) == identifier)
        }
        #expect(url.system.type == .URL)
        let app = ASCredentialServiceIdentifier(identifier: "com.example.app", type: .app, displayName: "Example")
        #expect(ServiceIdentifier(app) == nil)
        #expect(ServiceIdentifier.sites([app, domain.system]) == [domain])
    }

    @Test func identitiesCarryTheRecordAndTheRank() throws {
        let id = UUID()
        let identity = CredentialIdentity(
            serviceIdentifier: ServiceIdentifier("example.com", kind: .domain), user: "bob",
            recordIdentifier: CredentialIdentity.recordIdentifier(for: id), rank: 1_700_000_000)
        let system = identity.system
        #expect(system.recordIdentifier == id.uuidString.lowercased())
        #expect(system.rank == 1_700_000_000)
        #expect(system.user == "bob")
        #expect(CredentialIdentity(system) == identity)
        #expect(CredentialIdentity(system)?.itemID == id)
    }

    @Test func storeRulesAndErrorsReachTheCoreAsItsOwnErrors() async throws {
        let system = StandInSystemStore()
        let store = SystemIdentityStore(ASCredentialIdentityStore(standInSystem: system))
        let one = CredentialIdentity(serviceIdentifier: ServiceIdentifier("a.example", kind: .domain), user: "a",
                                     recordIdentifier: UUID().uuidString.lowercased())
        #expect(await store.state() == IdentityStoreState(isEnabled: false, supportsIncrementalUpdates: true))
        await #expect(throws: IdentityStoreError.storeDisabled) { try await store.saveIdentities([one]) }
        system.standInSetEnabled(true)
        system.standInSetSupportsIncrementalUpdates(false)
        system.standInSetFiresCompletionsTwice(true)
        try await store.replaceIdentities(with: [one])
        await #expect(throws: IdentityStoreError.internalError) { try await store.removeIdentities([one]) }
        try await store.removeAllIdentities()
        #expect(system.standInIdentities.isEmpty)
    }
}
