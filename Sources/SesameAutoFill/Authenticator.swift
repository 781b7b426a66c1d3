import SesameCrypto
import SesameStore

/// Asks the user to prove who they are, once per attempt: the provider's only way to a person.
///
/// `CredentialProvider` owns the policy (how many attempts, what a wrong password means); an authenticator only
/// asks and answers. On Linux it reads the master password from the terminal or a Secret Service prompt; on Apple
/// it shows the unlock screen, offers Face ID / Touch ID first where the user enabled it (the password then comes
/// from the shared keychain, behind biometry) and falls back to typing the master password.
public protocol Authenticator: Sendable {
    /// One attempt. Returns what the user gave, or `.canceled` when they dismissed the prompt.
    func authenticate(_ prompt: AuthenticationPrompt) async -> AuthenticationResult
}

/// What an authenticator is asked: why, and which attempt this is, so it can say "wrong password, 2 tries left".
public struct AuthenticationPrompt: Sendable, Equatable {
    public enum Purpose: Sendable, Equatable {
        /// To hand over the credential behind a suggestion the user tapped.
        case fill(CredentialIdentity)
        /// To show the list of logins for a form.
        case list
        /// To write the credential identities after the extension was enabled.
        case configure
        /// To save a login a form submitted (iOS 26.2's save-password request).
        case save(ServiceIdentifier)
        /// To sign in with, or make, a passkey for a relying party (its id): also the user verification a relying
        /// party may require.
        case passkey(String)
    }

    public var purpose: Purpose
    /// 1 for the first attempt.
    public var attempt: Int
    public var maximumAttempts: Int

    public init(purpose: Purpose, attempt: Int, maximumAttempts: Int) {
        self.purpose = purpose
        self.attempt = attempt
        self.maximumAttempts = maximumAttempts
    }

    /// True after a wrong password: the prompt should say so.
    public var followsFailedAttempt: Bool { attempt > 1 }
    public var attemptsLeft: Int { maximumAttempts - attempt + 1 }
}

/// What the user gave an authenticator.
public enum AuthenticationResult: Sendable {
    /// The master password, typed.
    case masterPassword(SecureBytes)
    /// The unlock key, read from the keychain after Face ID / Touch ID: opens the vault without Argon2id.
    case unlockKey(VaultUnlockKey)
    /// The user dismissed the prompt.
    case canceled
}
