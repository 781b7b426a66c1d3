#if canImport(AuthenticationServices)
import AuthenticationServices
import Foundation
import SesameAutoFill

extension CredentialIdentity {
    /// The core's identity for one the system handed back (a tapped suggestion); nil when its service names no
    /// site, which no identity Sesame writes does.
    public init?(_ system: ASPasswordCredentialIdentity) {
        guard let service = ServiceIdentifier(system.serviceIdentifier) else { return nil }
        self.init(serviceIdentifier: service, user: system.user, recordIdentifier: system.recordIdentifier,
                  rank: system.rank)
    }

    /// The core's identity for a tapped one-time-code suggestion (iOS 18).
    @available(iOS 18.0, macOS 15.0, *)
    public init?(_ system: ASOneTimeCodeCredentialIdentity) {
        guard let service = ServiceIdentifier(system.serviceIdentifier) else { return nil }
        self.init(serviceIdentifier: service, user: system.label, recordIdentifier: system.recordIdentifier,
                  rank: system.rank, kind: .oneTimeCode)
    }

    /// The core's identity for a tapped passkey suggestion: its relying party as a domain, with the credential id
    /// and user handle that name the passkey.
    public init(_ system: ASPasskeyCredentialIdentity) {
        self.init(serviceIdentifier: ServiceIdentifier(system.relyingPartyIdentifier, kind: .domain),
                  user: system.userName, recordIdentifier: system.recordIdentifier, rank: system.rank, kind: .passkey,
                  credentialID: [UInt8](system.credentialID), userHandle: [UInt8](system.userHandle))
    }

    /// The password form of the identity: the record identifier is the item id, the rank its last use.
    public var system: ASPasswordCredentialIdentity {
        let identity = ASPasswordCredentialIdentity(
            serviceIdentifier: serviceIdentifier.system, user: user, recordIdentifier: recordIdentifier)
        identity.rank = rank
        return identity
    }

    /// What the store receives for this identity's kind: a password suggestion, a passkey one, or a one-time-code
    /// one (iOS 18); nil for a one-time code on a system that has no such suggestions.
    public var systemOfItsKind: (any ASCredentialIdentity)? {
        switch kind {
        case .password:
            return system
        case .oneTimeCode:
            guard #available(iOS 18.0, macOS 15.0, *) else { return nil }
            let identity = ASOneTimeCodeCredentialIdentity(
                serviceIdentifier: serviceIdentifier.system, label: user, recordIdentifier: recordIdentifier)
            identity.rank = rank
            return identity
        case .passkey:
            let identity = ASPasskeyCredentialIdentity(
                relyingPartyIdentifier: serviceIdentifier.identifier, userName: user, credentialID: Data(credentialID),
                userHandle: Data(userHandle), recordIdentifier: recordIdentifier)
            identity.rank = rank
            return identity
        }
    }
}
#endif
