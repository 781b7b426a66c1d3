#if canImport(AuthenticationServices)
import AuthenticationServices
import SesameAutoFill

extension ProviderError {
    /// The same case in `ASExtensionErrorDomain`: the raw values are Apple's.
    public var system: ASExtensionError {
        ASExtensionError(ASExtensionError.Code(rawValue: rawValue) ?? .failed)
    }
}
#endif
