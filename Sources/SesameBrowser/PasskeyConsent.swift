/// Asks the person before a page makes or uses a passkey. A browser asks for a gesture before its authenticator
/// answers (WebAuthn's user presence); the extension hands both requests to the host at once, so the host, which
/// has no window of its own, asks instead (KeePassXC shows a dialog at this point).
public protocol PasskeyConsent: Sendable {
    /// Blocks until the person answers, the question times out (a no) or it turns out nobody can be asked.
    func ask(_ question: PasskeyQuestion) -> PasskeyConsentAnswer
}

public enum PasskeyConsentAnswer: Sendable, Equatable {
    case allowed
    /// The person said no, or let the question time out.
    case declined
    /// Nobody could be asked (no pinentry, or none that can show itself here), with the reason, for the page.
    case couldNotAsk(String)
}
