/// What Sesame reads of a KeePass file at most. Each limit is checked before the memory or the work it bounds:
/// a small hostile file must not make the reader allocate gigabytes, recurse off the stack or derive for hours.
/// The reasons for each number are in docs/security.md ("Budgets"). Tests lower them to stay small.
struct KeePassLimits: Sendable {
    /// The file as given. KeePassXC asks before adding any attachment over 5 MB; a database of 10,000 entries,
    /// each with ten history versions (KeePassXC's default), is about 98 MB of XML, a few tens of MiB compressed.
    var fileBytes = 256 << 20
    /// The decrypted, decompressed payload: KDBX 4's inner header (attachments) and XML, KDBX 3's XML, and each
    /// KDBX 3 attachment inflated. Twice the file, so a compressed XML of the largest files still fits.
    var payloadBytes = 512 << 20
    /// XML elements open at once. libxml2's own default; KeePass files nest groups about 8 elements above the
    /// deepest value (`KeePassFile/Root/Group…/Entry/History/Entry/String/Value`).
    var xmlDepth = 256
    /// Elements and attributes in the XML: about 34 per entry version (10,000 entries with ten history versions
    /// each use 3.75 million), so room for twice that.
    var xmlNodes = 8_000_000
    /// Attributes of one element; KeePass writes at most two (`ID` and `Compressed` on a KDBX 3 attachment).
    var attributesPerElement = 16
    /// Attachments in the file's pool (KDBX 4 inner header, KDBX 3 `Meta/Binaries`).
    var attachments = 100_000
    /// What the entries become: their strings, attachments (counted once per entry using them), kept history and
    /// groups. One attachment referenced by every entry, or groups with long notes above many entries, would
    /// otherwise multiply a small file into the vault.
    var itemBytes = 1 << 30

    /// Argon2 memory: KeePassXC and KeePass write 64 MiB by default; 32 times that.
    var argon2MemoryBytes: UInt64 = 2 << 30
    /// Argon2 memory × iterations, the time it takes. KeePassXC's longest decryption-time setting (5 s), made on
    /// a machine five times faster than the 2-core build machine at its default 64 MiB and 2 lanes, is about
    /// 64 MiB × 500; 64 MiB × 10 costs 0.9 s of CPU here, so the limit costs about 45 s of CPU (23 s on 2 cores).
    var argon2WorkBytes: UInt64 = 32 << 30
    /// Argon2 lanes (a thread each): the maximum of KeePassXC's settings dialog.
    var argon2Parallelism: UInt32 = 128
    /// AES-KDF rounds: the maximum of KeePassXC's settings dialog, which its 5-second setting reaches on a machine
    /// five times faster than the build machine (42 million rounds a second here: about 24 s).
    var aesKDFRounds: UInt64 = 1_000_000_000

    static let standard = KeePassLimits()
}
