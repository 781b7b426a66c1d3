#if canImport(AuthenticationServices)
import AuthenticationServices
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

    /// The password form of the identity: the record identifier is the item id, the rank its last use.
    public var system: ASPasswordCredentialIdentity {
        let identity = ASPasswordCredentialIdentity(
            serviceIdentifier: serviceIdentifier.system, user: user, recordIdentifier: recordIdentifier)
        identity.rank = rank
        return identity
    }

    /// What the store receives for this identity's kind: a password suggestion, or a one-time-code one (iOS 18);
    /// nil for a one-time code on a system that has no such suggestions.
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
        }
    }
}
#endif
