import SesameDomains
import SesameStore

/// The one error type a `VaultService` throws, local or remote: a code that callers act on (exit status, git
/// silence, D-Bus error name) and one sentence for people. Never carries a secret.
public struct ServiceFailure: Error, Codable, Equatable, Sendable, CustomStringConvertible {
    public enum Code: String, Codable, Sendable {
        case wrongPassword
        case locked
        case notFound
        case ambiguous
        case damaged
        case invalidInput
        case noMatch
        case storage
        case tooManyAttempts
        case unavailable
        case protocolError
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    /// Translates the core's errors; anything unexpected becomes a storage failure with its description.
    public init(_ error: any Error) {
        switch error {
        case let failure as ServiceFailure:
            self = failure
        case let error as VaultError:
            switch error {
            case .wrongPassword: self.init(.wrongPassword, error.description)
            case .locked: self.init(.locked, error.description)
            case .itemNotFound, .fileNotFound: self.init(.notFound, error.description)
            case .itemDamaged, .damaged, .headerDamaged, .itemFromNewerVersion, .notAVault, .newerFormat:
                self.init(.damaged, error.description)
            case .invalidKDF, .alreadyExists: self.init(.invalidInput, error.description)
            default: self.init(.storage, error.description)
            }
        case let error as ReferenceError:
            switch error {
            case .notFound: self.init(.notFound, error.description)
            case .ambiguous: self.init(.ambiguous, error.description)
            }
        case let error as DomainError:
            self.init(.invalidInput, error.description.hasSuffix(".") ? error.description : error.description + ".")
        default:
            self.init(.storage, "\(error)")
        }
    }
}
