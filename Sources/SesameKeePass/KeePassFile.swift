import Foundation
import SesameStore

/// Reads and writes KeePass files (KDBX) as Sesame items. Bytes in, bytes out: where the file comes from, how the
/// password is asked and what happens to the items is the caller's business.
///
/// Reads KDBX 3.1 and 4.0/4.1 (AES-256 or ChaCha20; Argon2d, Argon2id or AES-KDF; password and/or key file);
/// writes KDBX 4.0. Twofish and YubiKey challenge-response files are refused with a message naming them.
public enum KeePassFile {
    /// The largest KeePass file read (docs/security.md, "Budgets").
    public static let maximumBytes = KeePassLimits.standard.fileBytes

    /// The entries of a KeePass file, as items (entries in the recycle bin left out), and what the database holds
    /// beyond its entries (settings, groups, icons, deletion records, the recycle bin) for a later export.
    public static func read(_ file: [UInt8], credentials: KeePassCredentials, now: Date = Date()) throws
        -> (items: [Item], database: KeePassDatabaseExtras?)
    {
        let (entries, database) = try readEntries(file, credentials: credentials, now: now)
        return (entries.map(\.item), database)
    }

    /// As ``read(_:credentials:now:)``, each item with where it sat in the file as people see it there: its groups
    /// below the top group, then its title (`Internet/Mail/Example`), for reports that name the entry.
    /// `passkeyProblem` says why an entry's passkey attributes could not become a passkey (an Ed25519 or RSA key,
    /// a damaged value); they then stay the item's custom fields.
    public static func readEntries(_ file: [UInt8], credentials: KeePassCredentials, now: Date = Date()) throws
        -> (entries: [(item: Item, path: String, passkeyProblem: String?)], database: KeePassDatabaseExtras?)
    {
        try readEntries(file, credentials: credentials, now: now, limits: .standard)
    }

    static func readEntries(_ file: [UInt8], credentials: KeePassCredentials, now: Date = Date(), limits: KeePassLimits)
        throws -> (entries: [(item: Item, path: String, passkeyProblem: String?)], database: KeePassDatabaseExtras?)
    {
        let document = try KDBXReader.read(file, credentials: credentials, limits: limits)
        var budget = ExpansionBudget(limits: limits)
        let entries = try KeePassImport.entries(from: document, budget: &budget).map { entry in
            (item: entry.item, path: (entry.groups + [entry.item.title]).joined(separator: "/"),
             passkeyProblem: entry.passkeyProblem)
        }
        return (entries, try DatabaseRecord.extras(from: document, imported: now, budget: &budget))
    }

    /// The entries of a KeePass file, as items. Entries in the recycle bin are left out.
    public static func items(from file: [UInt8], credentials: KeePassCredentials) throws -> [Item] {
        try readEntries(file, credentials: credentials).entries.map(\.item)
    }

    /// Refuses what Sesame would refuse of `file` before any password is needed: a header it cannot read, a file
    /// over its size limit or a key derivation over its cost limits (docs/security.md, "Budgets").
    public static func check(_ file: [UInt8]) throws {
        _ = try KDBXReader.check(file)
    }

    /// A KDBX 4.0 file holding `items`, the database-level parts of `databases` (kept from imports) and a
    /// deletion record per item of `deletions`, protected by `credentials`; fresh seeds and salts on every call.
    public static func file(
        from items: [Item], databases: [KeePassDatabaseExtras] = [], deletions: [ItemDeletion] = [],
        credentials: KeePassCredentials, options: KeePassExportOptions = KeePassExportOptions()
    ) throws -> [UInt8] {
        try KDBXWriter.write(KeePassExport.document(from: items, databases: databases, deletions: deletions),
                             credentials: credentials, options: options)
    }
}
