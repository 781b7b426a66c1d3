import Foundation

/// What a served call changed, as `LocalVaultService.onChange` reports it: the identities of these items must be
/// rebuilt. Each typed method of `LocalVaultService` that changes items or their use emits one.
public enum VaultChange: Sendable, Equatable {
    /// Items added, imported, edited, trashed, restored or deleted.
    case items(Set<UUID>)
    /// An item was filled: its content is the same, its use (and so its rank) changed.
    case usage(UUID)
}
