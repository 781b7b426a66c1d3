/// How the system asked for a credential, as the extension's entry points say it: without UI (a QuickType tap,
/// which must answer at once or ask for user interaction) or after the system showed the extension (where an
/// unlock may be asked for). KeePassium and Bitwarden's extensions pass the same value through their steps.
public enum RequestMode: Sendable, Equatable {
    /// Never prompts: an untrusted session answers `userInteractionRequired`, and the system then asks again
    /// with ``afterUserInteraction``.
    case withoutUserInteraction
    /// The extension's interface is up: the person may unlock first.
    case afterUserInteraction
}
