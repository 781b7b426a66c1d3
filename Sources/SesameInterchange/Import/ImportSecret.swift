/// A secret a reader needs to open a file, asked for only when the file turns out to need it.
public enum ImportSecret: Sendable, Equatable {
    /// The password of a Sesame backup (`sesame export --format sesame`).
    case backupPassword
}
