#if canImport(AuthenticationServices)
import Foundation
import SesameAutoFill

/// The list screen's state: the ranked logins for the form, filtered by what the person types. The SwiftUI view
/// draws it; a pick or a dismissal goes back to the view controller through ``onPick`` and ``onDismiss``. For
/// text insertion (iOS 18) each row offers its fields instead, and a pick goes through ``onPickText``. A
/// passkey-capable form also lists the relying party's passkeys first; a pick goes through ``onPickPasskey``.
@MainActor
public final class CredentialList {
    /// Best first, as the core ranked them.
    public private(set) var matches: [CredentialMatch] = []
    /// The relying party's passkeys, most recently used first; empty for a form that takes no passkey.
    public private(set) var passkeys: [PasskeyListing] = []
    /// True once the list has rows to show, even none: the screen then shows the list, not a spinner.
    public private(set) var isShowing = false
    public var query = "" {
        didSet { onChange?() }
    }
    public var onChange: (() -> Void)?
    public var onPick: ((UUID) -> Void)?
    /// The person picked a passkey (its credential id).
    public var onPickPasskey: (([UInt8]) -> Void)?
    /// Set for text insertion: the rows offer fields to insert instead of filling a login form.
    public private(set) var insertsText = false
    public var onPickText: ((UUID, InsertableField) -> Void)?
    private var withOneTimeCodes: Set<UUID> = []
    public var onDismiss: (() -> Void)?

    public nonisolated init() {}

    /// The rows to show: every match whose title, user name or site contains the query (case and diacritics
    /// ignored), in rank order.
    public var visible: [CredentialMatch] {
        let needle = query.trimmingCharacters(in: .whitespaces)
        guard !needle.isEmpty else { return matches }
        return matches.filter { match in
            [match.title, match.username, match.url].contains {
                $0.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
            }
        }
    }

    /// The passkeys to show: those whose account, display name or title contains the query.
    public var visiblePasskeys: [PasskeyListing] {
        let needle = query.trimmingCharacters(in: .whitespaces)
        guard !needle.isEmpty else { return passkeys }
        return passkeys.filter { listing in
            [listing.passkey.userName, listing.passkey.userDisplayName, listing.itemTitle].contains {
                $0.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
            }
        }
    }

    public func show(_ matches: [CredentialMatch], passkeys: [PasskeyListing] = []) {
        self.matches = matches
        self.passkeys = passkeys
        isShowing = true
        onChange?()
    }

    /// Shows every login for text insertion; `withOneTimeCodes` are the ones that also offer a code.
    public func showForTextInsertion(_ matches: [CredentialMatch], withOneTimeCodes: Set<UUID>) {
        insertsText = true
        self.withOneTimeCodes = withOneTimeCodes
        show(matches)
    }

    /// The fields a row offers for insertion: the user name when there is one, the password, the current
    /// one-time code when the login has a code.
    public func fields(of match: CredentialMatch) -> [InsertableField] {
        InsertableField.allCases.filter { field in
            switch field {
            case .username: !match.username.isEmpty
            case .password: true
            case .oneTimeCode: withOneTimeCodes.contains(match.id)
            }
        }
    }

    /// The person picked a field of a row, for insertion.
    public func pick(_ id: UUID, field: InsertableField) {
        onPickText?(id, field)
    }

    /// The person picked a row.
    public func pick(_ id: UUID) {
        onPick?(id)
    }

    /// The person picked a passkey row.
    public func pickPasskey(_ credentialID: [UInt8]) {
        onPickPasskey?(credentialID)
    }

    /// The person closed the list without picking.
    public func dismiss() {
        onDismiss?()
    }
}
#endif
