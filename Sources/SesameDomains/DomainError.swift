/// Why a string could not be read as a host or URL, or why the public suffix list could not be loaded.
public enum DomainError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is not a host name or IP address.
    case invalidHost(String)
    /// The text is not a URL or a host with an optional port and path. Any password in it is redacted.
    case invalidURL(String)
    /// The URL carries a password in its user info (`https://user:password@host/`); the text is redacted.
    case passwordInURL(String)
    /// No file at the path the public suffix list was expected at.
    case publicSuffixListUnavailable(path: String)
    /// The file exists but could not be read; `reason` is the system's message.
    case publicSuffixListUnreadable(path: String, reason: String)
    /// The file holds no rules, so it is not a public suffix list.
    case publicSuffixListEmpty(path: String)

    public var description: String {
        switch self {
        case .invalidHost(let text):
            "'\(text)' is not a valid host name or IP address."
        case .invalidURL(let text):
            "'\(text)' is not a valid URL or host name."
        case .passwordInURL(let text):
            "'\(text)' holds a password; a URL may name a user but never a password: put the password in the item instead."
        case .publicSuffixListUnavailable(let path):
            "The public suffix list is missing at \(path); install the Debian package 'publicsuffix' or set SESAME_PUBLIC_SUFFIX_LIST to the path of a public_suffix_list.dat file."
        case .publicSuffixListUnreadable(let path, let reason):
            "The public suffix list at \(path) could not be read (\(reason)); fix its permissions or set SESAME_PUBLIC_SUFFIX_LIST to another copy."
        case .publicSuffixListEmpty(let path):
            "The file at \(path) holds no public suffix rules; set SESAME_PUBLIC_SUFFIX_LIST to the path of a public_suffix_list.dat file."
        }
    }
}
