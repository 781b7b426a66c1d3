/// Why a string could not be read as a host or URL.
public enum DomainError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is not a host name or IP address.
    case invalidHost(String)
    /// The text is not a URL or a host with an optional port and path. Any password in it is redacted.
    case invalidURL(String)
    /// The URL carries a password in its user info (`https://user:password@host/`); the text is redacted.
    case passwordInURL(String)

    public var description: String {
        switch self {
        case .invalidHost(let text):
            "'\(text)' is not a valid host name or IP address."
        case .invalidURL(let text):
            "'\(text)' is not a valid URL or host name."
        case .passwordInURL(let text):
            "'\(text)' holds a password; a URL may name a user but never a password: put the password in the item instead."
        }
    }
}
