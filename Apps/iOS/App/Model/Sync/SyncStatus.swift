#if canImport(UIKit)
import Foundation

/// Where sync stands, for the sync screen.
public enum SyncStatus: Sendable, Equatable {
    /// No folder picked.
    case off
    /// A folder is picked; the last round (if any) went through.
    case idle(lastRound: Date?)
    case syncing
    /// The last round failed; the next one retries (nothing is lost: every step is idempotent).
    case failed(String)
    /// The master password was changed on another device: this device publishes nothing until it is given once.
    case needsNewPassword
}
#endif
