/// What a relying party asks about user verification (WebAuthn's `userVerification`): iOS hands it over as
/// `ASAuthorizationPublicKeyCredentialUserVerificationPreference`, the browser in its options.
public enum UserVerificationPreference: String, Sendable, Equatable {
    case required, preferred, discouraged

    /// WebAuthn's text; anything else counts as `preferred`, the specification's default.
    public init(webAuthn text: String) {
        self = Self(rawValue: text) ?? .preferred
    }
}
