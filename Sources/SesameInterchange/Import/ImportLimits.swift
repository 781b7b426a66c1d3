import SesameKeePass

/// The largest file `sesame import` reads at all, so the shell can refuse a larger one before reading it; each
/// reader then checks its own format's limit (docs/security.md, "Budgets").
public enum ImportLimits {
    public static let largestFile = max(
        CSVReader.Limits().bytes, BitwardenJSON.maximumBytes, BackupFormat.maximumBytes, KeePassFile.maximumBytes)
    /// KeePass accepts any file as a key file (its hash is the key); photos and the like stay far below this.
    public static let keyFileBytes = 64 << 20
}
