#if canImport(AuthenticationServices)
import AuthenticationServices
import SesameAutoFill

extension ServiceIdentifier {
    /// The core's identifier for a system one; nil for kinds that name no site: `.app` (iOS 26.2) carries a
    /// bundle ID, which parsed as a host would become a site (`com.example.app` → `example.app`).
    public init?(_ system: ASCredentialServiceIdentifier) {
        switch system.type {
        case .domain: self.init(system.identifier, kind: .domain)
        case .URL: self.init(system.identifier, kind: .url)
        case .app: return nil
        @unknown default: return nil
        }
    }

    /// The system's identifier for this one.
    public var system: ASCredentialServiceIdentifier {
        ASCredentialServiceIdentifier(identifier: identifier, type: kind == .domain ? .domain : .URL)
    }

    /// A list request's identifiers in the core's terms, most specific first, without those that name no site.
    public static func sites(_ identifiers: [ASCredentialServiceIdentifier]) -> [ServiceIdentifier] {
        identifiers.compactMap(ServiceIdentifier.init)
    }
}
#endif
