/// What a CXF export wrote, and what of Sesame's items CXF 1.0 has no place for, by what it is.
public struct CXFExportSummary: Sendable, Equatable, Codable {
    public var items = 0
    /// `basic-auth` credentials (one per item with a user name, a password or an address).
    public var logins = 0
    /// `totp` credentials.
    public var codes = 0
    /// One-time codes CXF's `totp` cannot describe (Steam's, HOTP), kept as a concealed custom field instead.
    public var codesAsFields = 0
    public var passkeys = 0
    public var notes = 0
    public var fields = 0
    /// What was left out, with how many: `password-history entries` and `attachments` count those; `match modes`,
    /// `expiry dates`, `Secret Service attributes`, `KeePass details …` and `passkeys with a signature counter or not
    /// backup eligible` count the items (or passkeys) that had them. Empty when nothing was left out.
    public var leftOut: [String: Int] = [:]

    public init() {}
}
