import SesameAutoFill
import SesameAutoType

/// Auto-Type: which login to type into a window, and the rules people set for that. Typing itself is the
/// shell's (X11, Wayland); the secrets come from ``VaultItems/reveal(_:)`` of the one item chosen.
public protocol AutoTypeService: AnyObject {
    func autoTypeRules() throws(ServiceFailure) -> [AutoTypeRule]
    /// Stores a new rule for an existing item; answers it as stored.
    @discardableResult
    func addAutoTypeRule(_ rule: AutoTypeRule) throws(ServiceFailure) -> AutoTypeRule
    /// Removes the rule an id or id prefix (4+ characters) names; answers it.
    @discardableResult
    func removeAutoTypeRule(_ reference: String) throws(ServiceFailure) -> AutoTypeRule
    /// The items for a window: those of the rules that match it; when none does, the best matches of the sites its
    /// title names (or of `site`, when the caller knows it, as a browser does). Several means the user chooses.
    /// A web browser's title names no site (``AutoTypeBrowserWindows``): there only rules and `site` count.
    func autoTypeCandidates(for window: AutoTypeWindow, site: String?) throws(ServiceFailure) -> [AutoTypeCandidate]
}
