/// A secret a reader needs to open a file, asked for only when the file turns out to need it.
public enum ImportSecret: Sendable, Equatable {
    /// The password of a Sesame backup (`sesame export --format sesame`).
    case backupPassword
    /// A KeePass file's password; empty when the file is opened with its key file alone.
    case keePassPassword
    /// The contents of a KeePass file's key file; empty when there is none.
    case keePassKeyFile
}
