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

    /// The system's identity: the record identifier is the item id, the rank its last use.
    public var system: ASPasswordCredentialIdentity {
        let identity = ASPasswordCredentialIdentity(
            serviceIdentifier: serviceIdentifier.system, user: user, recordIdentifier: recordIdentifier)
        identity.rank = rank
        return identity
    }
}
#endif
