/// The keys of the JSON the front-served commands print with `--json`, as docs/cli.md documents them. The full
/// CLI's JSON types take these enums as their `CodingKeys` and the fronts write objects with these names, so the
/// two cannot spell a key differently; `FrontJSONKeyTests` (SesameCLITests) checks the full CLI's output holds
/// exactly these keys.
public enum CommandJSON {
    /// `sesame fill --json` (`FillJSON`).
    public enum Fill: String, CodingKey, Sendable, CaseIterable {
        case id, username, password
    }

    /// `sesame totp --json` (the core's `OneTimeCode`, printed as it encodes).
    public enum OneTimeCode: String, CodingKey, Sendable, CaseIterable {
        case code, remaining
    }

    /// One row of `sesame list --json` (`SummaryJSON`).
    public enum Summary: String, CodingKey, Sendable, CaseIterable {
        case id, title, username, urls, tags, created, modified
    }

    /// One row of `sesame match --json` (`MatchJSON`).
    public enum Match: String, CodingKey, Sendable, CaseIterable {
        case id, title, username, url, match, samePort, lastUsed
    }

    /// `sesame show --json` (`ItemJSON`).
    public enum Item: String, CodingKey, Sendable, CaseIterable {
        case id, title, username, password, urls, notes, fields, tags, match, created, modified, expires
        case passwordHistory, passkeys, hasOneTimeCode, oneTimeCode
    }

    /// One of an item's URLs (`ItemJSON.URLJSON`).
    public enum ItemURL: String, CodingKey, Sendable, CaseIterable {
        case url, match
    }

    /// One of an item's custom fields (`ItemView.Field`'s JSON form, which `ItemJSON` prints).
    public enum Field: String, CodingKey, Sendable, CaseIterable {
        case name, value, protected
    }

    /// An earlier password (`ItemJSON.HistoryJSON`).
    public enum HistoryEntry: String, CodingKey, Sendable, CaseIterable {
        case password, replaced
    }

    /// One of an item's passkeys (`PasskeyJSON`).
    public enum Passkey: String, CodingKey, Sendable, CaseIterable {
        case relyingParty, userName, userDisplayName, credentialID, userHandle, backupEligible, backedUp, signCount
        case created, lastUsed, privateKey
    }
}
