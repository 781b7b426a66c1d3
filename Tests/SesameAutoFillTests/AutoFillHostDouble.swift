import Foundation
import SesameAutoFill
import SesameAutoFillTestSupport
import SesameDomains
import Testing

/// iOS around a credential provider extension, reduced to what Sesame can observe: the identity store QuickType
/// reads, the calls the system makes into the extension in the order it makes them, and what it does with each
/// answer (`cancelRequest(withError: .userInteractionRequired)` on the no-UI path makes it present the UI and
/// call `prepareInterfaceToProvideCredential`).
///
/// It plays the part of the Apple bridge too, which holds no logic: both generations of entry points hand the
/// provider a `CredentialIdentity`, unwrapped from the iOS 17 request when there is one.
final class AutoFillHost {
    /// iOS 12–16 call the identity-based methods; iOS 17+ the request-based ones.
    enum Generation: Sendable, CaseIterable, CustomTestStringConvertible {
        case identityBased, requestBased
        var testDescription: String { self == .identityBased ? "iOS 16" : "iOS 17+" }
    }

    /// `ASPasswordCredentialRequest`: a request that carries the identity the user tapped.
    struct PasswordCredentialRequest {
        let credentialIdentity: CredentialIdentity
    }

    /// A call of the system, or the extension's answer, named as in AuthenticationServices.
    enum Event: Equatable {
        case provideCredentialWithoutUserInteraction(record: String?)
        case prepareInterfaceToProvideCredential(record: String?)
        case prepareCredentialList([ServiceIdentifier])
        case prepareInterfaceForExtensionConfiguration
        case completeRequest(user: String)
        case completeExtensionConfigurationRequest
        case cancelRequest(ProviderError)
    }

    enum Outcome: Equatable {
        case filled(Credential)
        case canceled(ProviderError)
        case configured
    }

    let provider: CredentialProvider
    let store: InMemoryIdentityStore
    let generation: Generation
    private(set) var events: [Event] = []

    init(provider: CredentialProvider, store: InMemoryIdentityStore, generation: Generation = .requestBased) {
        self.provider = provider
        self.store = store
        self.generation = generation
    }

    func clearEvents() {
        events.removeAll()
    }

    // MARK: - The system's side

    /// The suggestions QuickType shows on a page, best first. The OS's matching is undocumented; modelled as:
    /// a domain identity on that domain and below, a URL identity on its host, ports ignored (as users report),
    /// higher rank first.
    func quickTypeSuggestions(onPage page: String) async throws -> [CredentialIdentity] {
        let host = try ServiceURL(parsing: page).host
        return await store.identities.filter { identity in
            let service = identity.serviceIdentifier.identifier
            switch identity.serviceIdentifier.kind {
            case .domain: return host.ascii == service || host.ascii.hasSuffix("." + service)
            case .url: return (try? ServiceURL(parsing: service).host) == host
            }
        }.sorted { $0.rank > $1.rank }
    }

    /// The user taps a QuickType suggestion: the request without UI, then, if the extension asks for it, the
    /// unlock UI and the request after authentication.
    func tap(_ identity: CredentialIdentity) async -> Outcome {
        events.append(.provideCredentialWithoutUserInteraction(record: identity.recordIdentifier))
        do throws(ProviderError) {
            return completed(try await provider.credential(for: bridged(identity), mode: .withoutUserInteraction))
        } catch {
            events.append(.cancelRequest(error))
            guard error == .userInteractionRequired else { return .canceled(error) }
        }
        events.append(.prepareInterfaceToProvideCredential(record: identity.recordIdentifier))
        do throws(ProviderError) {
            return completed(try await provider.credential(for: bridged(identity), mode: .afterUserInteraction))
        } catch {
            events.append(.cancelRequest(error))
            return .canceled(error)
        }
    }

    /// The user opens the password list from the keyboard on a form with these identifiers and picks a login
    /// (or none: `choose` returns nil, the user dismissed the list).
    func openCredentialList(for identifiers: [ServiceIdentifier],
                            choose: ([CredentialMatch]) -> CredentialMatch?) async -> Outcome
    {
        events.append(.prepareCredentialList(identifiers))
        do throws(ProviderError) {
            let matches: [CredentialMatch]
            do throws(ProviderError) {
                matches = try await provider.list(for: identifiers)
            } catch where error == .userInteractionRequired {
                try await provider.authenticate(for: .list)
                matches = try await provider.list(for: identifiers)
            }
            guard let chosen = choose(matches) else { throw .userCanceled }
            return completed(try await provider.credential(forItemWithID: chosen.id))
        } catch {
            events.append(.cancelRequest(error))
            return .canceled(error)
        }
    }

    /// The user turns the extension on in Settings: the store is enabled and the configuration UI runs.
    func enableExtension() async -> Outcome {
        await store.setEnabled(true)
        events.append(.prepareInterfaceForExtensionConfiguration)
        do throws(ProviderError) {
            try await provider.configure()
            events.append(.completeExtensionConfigurationRequest)
            return .configured
        } catch {
            events.append(.cancelRequest(error))
            return .canceled(error)
        }
    }

    /// The user turns the extension off: the system clears and disables the store.
    func disableExtension() async {
        await store.setEnabled(false)
    }

    // MARK: - The bridge's side

    private func bridged(_ identity: CredentialIdentity) -> CredentialIdentity {
        switch generation {
        case .identityBased: identity
        case .requestBased: PasswordCredentialRequest(credentialIdentity: identity).credentialIdentity
        }
    }

    private func completed(_ credential: Credential) -> Outcome {
        events.append(.completeRequest(user: credential.username))
        return .filled(credential)
    }
}
