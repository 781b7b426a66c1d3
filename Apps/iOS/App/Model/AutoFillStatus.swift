#if canImport(AuthenticationServices)
/// AutoFill as the settings screen shows it: from the system's store state, and the note a cancelled
/// configuration left.
public enum AutoFillStatus: Sendable, Equatable {
    /// Sesame is not turned on in Settings › General › AutoFill & Passwords.
    case off
    /// On, and the suggestions above the keyboard follow the vault.
    case on
    /// On, but its configuration was cancelled: suggestions are missing until the vault is unlocked once.
    case onAwaitingSync

    public init(isEnabled: Bool, needsFullSync: Bool) {
        self = !isEnabled ? .off : needsFullSync ? .onAwaitingSync : .on
    }
}
#endif
