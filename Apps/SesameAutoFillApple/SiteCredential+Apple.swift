#if canImport(AuthenticationServices)
import Foundation
import SesameAutoFill

extension SiteCredential {
    /// A login a form submitted (iOS 26.2's save-password request) as the core saves it: the item for the same
    /// site and user is updated, or a new one added. A domain is taken as its https origin.
    public init?(_ site: ServiceIdentifier, user: String, password: String) {
        switch site.kind {
        case .domain:
            guard !site.identifier.isEmpty else { return nil }
            self.init(scheme: "https", host: site.identifier, username: user, password: password)
        case .url:
            guard let components = URLComponents(string: site.identifier), let scheme = components.scheme,
                  let host = components.host, !host.isEmpty else { return nil }
            let port = components.port.map { ":\($0)" } ?? ""
            self.init(scheme: scheme, host: host + port, path: components.path.isEmpty ? nil : components.path,
                      username: user, password: password)
        }
    }
}
#endif
