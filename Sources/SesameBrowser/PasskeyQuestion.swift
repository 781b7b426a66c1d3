import SesameBrowserAccess
import SesameTerminalText

/// What the host asks before a passkey is made or used: which page, which relying party, which account. The parts
/// come from the page (the user name of a registration too), so each is shown as one line with control and
/// bidirectional characters escaped and long ones cut (`TerminalText.quoted`): a user name cannot add lines to the
/// question or push it off the dialog.
public struct PasskeyQuestion: Sendable, Equatable {
    public enum Ceremony: Sendable, Equatable {
        case registration
        case signIn
    }

    public var ceremony: Ceremony
    /// The page's origin, as the browser reported it and the vault checked it.
    public var origin: String
    public var intent: BrowserPasskeyIntent

    public init(_ ceremony: Ceremony, origin: String, intent: BrowserPasskeyIntent) {
        self.ceremony = ceremony
        self.origin = origin
        self.intent = intent
    }

    public var description: String {
        let account = intent.userName.isEmpty
            ? "an account without a user name" : "“\(TerminalText.quoted(intent.userName))”"
        let origin = TerminalText.quoted(origin), relyingParty = TerminalText.quoted(intent.relyingPartyID)
        switch ceremony {
        case .registration:
            return "\(origin) asks Sesame to create a passkey for \(account) on \(relyingParty).\n\n"
                + "Create it only if you are signing up or adding a passkey on this page now."
        case .signIn:
            return "\(origin) asks to sign in with your passkey for \(account) on \(relyingParty).\n\n"
                + "Allow it only if you are signing in on this page now."
        }
    }

    /// The label of the button that says yes.
    public var confirmation: String {
        switch ceremony {
        case .registration: "Create passkey"
        case .signIn: "Sign in"
        }
    }
}
