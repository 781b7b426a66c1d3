/// Why a page may not use a relying party id, in the terms a browser host reports (KeePassXC's codes in
/// parentheses, for the browser host that translates them).
public enum RelyingPartyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The origin is not `scheme://host[:port]` (KeePassXC 26, "invalid domain").
    case invalidOrigin
    /// Neither https nor http on localhost: not a secure context (25).
    case insecureOrigin
    /// The page's host is an IP address, which cannot be a relying party id (27).
    case ipAddressOrigin
    /// The relying party id is not a domain name in its canonical form (lowercase, ASCII, no trailing dot) (28).
    case invalidRelyingPartyID
    /// The relying party id is neither the page's host nor a parent domain of it (28).
    case foreignRelyingPartyID
    /// The relying party id is a public suffix (`com`, `co.uk`, `github.io`), shared by sites that do not trust
    /// each other (28).
    case publicSuffixRelyingPartyID

    public var description: String {
        switch self {
        case .invalidOrigin: "The page's origin is not a web address."
        case .insecureOrigin: "Passkeys are only for https pages (or http on localhost)."
        case .ipAddressOrigin: "A page addressed by IP address cannot use passkeys."
        case .invalidRelyingPartyID: "The site's relying party id is not a domain name."
        case .foreignRelyingPartyID: "The site asks for a relying party id that is not its own domain."
        case .publicSuffixRelyingPartyID: "The site asks for a public suffix as its relying party id."
        }
    }
}
