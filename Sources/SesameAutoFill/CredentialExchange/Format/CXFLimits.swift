/// What a CXF file may hold before Sesame reads it (docs/security.md, "Budgets"). Each is checked before the
/// memory it would cost is allocated, and a refusal names the limit.
public struct CXFLimits: Sendable, Equatable {
    /// The whole file. A 10,000-item export with a code on every tenth item is about 6 MiB; passkeys add about
    /// 400 bytes each.
    public var bytes = 64 << 20
    /// Nesting of JSON containers. CXF's deepest path (header, account, item, credential, passkey extensions, large
    /// blob) is 9 levels; sub-collections nest further, a few levels in real exports.
    public var depth = 32
    /// JSON values and member names together, counted as they are read. An item with a login, a code and a note
    /// is about 60; ten times a 10,000-item vault still fits.
    public var values = 4_000_000
    /// One string or number, measured on the file's bytes before it is copied. Notes are the longest strings;
    /// CXF files carry no documents (those travel beside them).
    public var stringBytes = 1 << 20
    /// Items over all accounts: ten times a large vault.
    public var items = 100_000
    /// Credentials in one item. Real items have one to six.
    public var credentialsPerItem = 256
    /// Accounts in one header. Exports hold one.
    public var accounts = 64
    /// Collections over all accounts, sub-collections included.
    public var collections = 100_000

    public init() {}
}
