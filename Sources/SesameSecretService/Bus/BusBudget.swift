/// What the service reads of one call's arguments at most (docs/security.md, *Budgets*). Each limit is checked
/// before the argument is copied out of sd-bus's buffer or a collection grows, and a call over one answers
/// `InvalidArgs` (or `LimitsExceeded` for what the service keeps) with a sentence naming the limit.
///
/// sd-bus itself reads a whole message before any handler runs (at most 128 MiB) and refuses signatures nested
/// deeper than the D-Bus specification's 32 arrays and 32 structs; these budgets bound what Sesame makes of it.
enum BusBudget {
    /// A string or object path argument: labels, attribute names and values, aliases, algorithm names.
    static let stringBytes = 64 * 1024
    /// A secret's value, encrypted or plain: far above any token or key a program keeps, far below memory.
    static let secretBytes = 1024 * 1024
    /// A secret's parameters (the AES IV of a DH session is 16 bytes).
    static let parameterBytes = 256
    /// A DH public key (the group's keys are at most 128 bytes; longer ones are refused after reading).
    static let publicKeyBytes = 1024
    /// Object paths in one `Unlock`, `Lock` or `GetSecrets`.
    static let objectPaths = 65_536
    /// Attribute pairs in one dictionary (libsecret's schemas hold at most 32).
    static let attributePairs = 256
    /// All attribute names and values of one dictionary together (as a locked search keeps).
    static let attributeBytes = 64 * 1024
    /// Entries of one properties dictionary (`CreateItem`, `CreateCollection`).
    static let propertyEntries = 64
    /// Sessions one client may hold open at once (libsecret opens one per connection).
    static let sessionsPerClient = 256
    /// Prompts one client may hold at once.
    static let promptsPerClient = 64
    /// Items of the in-memory session collection, and their secrets' bytes together.
    static let memoryItems = 4096
    static let memoryBytes = 64 * 1024 * 1024

    static func describe(bytes: Int) -> String {
        bytes >= 1024 * 1024 ? "\(bytes / (1024 * 1024)) MiB" : bytes >= 1024 ? "\(bytes / 1024) KiB" : "\(bytes) bytes"
    }
}
