/// What a sync round does with `vault.hdr` (``SyncStore/reconcileSyncHeader(published:)``).
public enum SyncHeaderStep: Sendable {
    /// Write this header to the transport: it lacks one, holds an older or a forged one.
    case publish([UInt8])
    /// The transport's header was newer and is now this device's.
    case adopted
    case unchanged
}
