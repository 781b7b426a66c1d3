import SesameTerminal

/// Asks through pinentry (GnuPG's prompt program), as the Secret Service asks before a client reads secrets. The
/// host runs with the browser's environment, so a graphical pinentry finds the browser's display; it has no
/// terminal (its standard input and output are the browser's pipes), so pinentry-curses cannot ask from it.
public struct PinentryPasskeyConsent: PasskeyConsent {
    let pinentry: Pinentry
    /// Seconds before an unanswered question counts as a no: about a WebAuthn request's own default timeout.
    let timeout: Int

    public init(pinentry: Pinentry, timeout: Int = 60) {
        self.pinentry = pinentry
        self.timeout = timeout
    }

    public func ask(_ question: PasskeyQuestion) -> PasskeyConsentAnswer {
        let plan = pinentry.plan(client: nil, clientName: "the browser")
        guard !plan.attempts.isEmpty else {
            return .couldNotAsk(
                "Sesame could not ask you to confirm the passkey: \(plan.obstacles.joined(separator: "; ")).")
        }
        switch pinentry.confirm(
            description: question.description, yes: question.confirmation, no: "Cancel", plan: plan, timeout: timeout)
        {
        case true?: return .allowed
        case false?: return .declined
        case nil: return .couldNotAsk("Sesame could not ask you to confirm the passkey: pinentry could not show itself.")
        }
    }
}
