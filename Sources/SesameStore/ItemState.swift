/// Where an item's row stands. Stored in clear so that lookups can skip trashed rows without decrypting.
///
/// The raw values are what `items.state` holds. Queries name them through these cases
/// (`WHERE state != \(ItemState.deleted.rawValue)`), so the numbers are written here only; the schema's
/// `DEFAULT 0` (`.active`) stays as the migrations wrote it, because a step's text is never edited.
public enum ItemState: Int64, Sendable, Codable {
    case active = 0
    /// Moved to the trash (for example after git rejected the password); can be restored.
    case trashed = 1
    /// Deleted: the payload is gone, the row stays so that sync can propagate the deletion.
    case deleted = 2
}
