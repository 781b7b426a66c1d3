#if canImport(AuthenticationServices)
import Foundation
import SesameAutoFill

/// The list screen's state: the ranked logins for the form, filtered by what the person types. The SwiftUI view
/// draws it; a pick or a dismissal goes back to the view controller through ``onPick`` and ``onDismiss``.
@MainActor
public final class CredentialList {
    /// Best first, as the core ranked them.
    public private(set) var matches: [CredentialMatch] = []
    /// True once the list has rows to show, even none: the screen then shows the list, not a spinner.
    public private(set) var isShowing = false
    public var query = "" {
        didSet { onChange?() }
    }
    public var onChange: (() -> Void)?
    public var onPick: ((UUID) -> Void)?
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

    public func show(_ matches: [CredentialMatch]) {
        self.matches = matches
        isShowing = true
        onChange?()
    }

    /// The person picked a row.
    public func pick(_ id: UUID) {
        onPick?(id)
    }

    /// The person closed the list without picking.
    public func dismiss() {
        onDismiss?()
    }
}
#endif
