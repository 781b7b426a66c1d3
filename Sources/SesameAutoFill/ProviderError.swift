/// The errors a credential provider completes a request with, mirroring `ASExtensionError.Code` case for case and
/// value for value, so the Apple bridge maps them 1:1 and the Linux shells map them to exit statuses and protocol
/// errors.
public enum ProviderError: Int, Error, Codable, Sendable, CaseIterable {
    case failed = 0
    case userCanceled = 1
    case userInteractionRequired = 100
    case credentialIdentityNotFound = 101
    case matchedExcludedCredential = 102
}
