import CSodium

/// libsodium must be initialised once per process before any other call; `sodium_init` is idempotent and
/// thread-safe, and a lazily initialised static makes every entry point cheap to guard.
enum Sodium {
    private static let initialized: Void = {
        guard sodium_init() >= 0 else { fatalError("libsodium could not be initialised") }
    }()

    static func ensureInitialized() { _ = initialized }
}
