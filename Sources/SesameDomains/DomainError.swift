/// Why a string could not be read as a host, URL or public suffix list.
public enum DomainError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidHost(String)
    case invalidURL(String)
    case publicSuffixListUnavailable(path: String)

    public var description: String {
        switch self {
        case .invalidHost(let text): "'\(text)' is not a valid host name"
        case .invalidURL(let text): "'\(text)' is not a valid URL or domain"
        case .publicSuffixListUnavailable(let path):
            "The public suffix list is missing at \(path); install the Debian package 'publicsuffix' or set SESAME_PUBLIC_SUFFIX_LIST"
        }
    }
}
