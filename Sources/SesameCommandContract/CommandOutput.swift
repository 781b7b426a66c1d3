/// Lines the full CLI prints and the fronts print for the same commands, in one place so their bytes stay equal.
public enum CommandOutput {
    /// `sesame fill` without `--json`: two lines, each escaped for the terminal by itself.
    public static func fill(username: String, password: String) -> [String] {
        ["Username: \(username)", "Password: \(password)"]
    }

    /// `sesame totp` without `--json`.
    public static func oneTimeCode(_ code: String, remaining: Int) -> String {
        "\(code) (\(remaining) s left)"
    }

    /// `sesame list` of an empty vault.
    public static let emptyVault = "The vault is empty; add a login with 'sesame add'."

    /// `sesame match` without identifiers, of a vault without logins.
    public static let noLogins = "The vault has no logins; add one with 'sesame add'."

    /// The columns of `sesame list`'s table (`SummaryTable`).
    public static let summaryColumns = ["TITLE", "USERNAME", "URL", "ID"]

    /// The columns of `sesame match`'s table; `MATCH` first when identifiers were given.
    public static func matchColumns(listsAll: Bool) -> [String] {
        (listsAll ? [] : ["MATCH"]) + ["TITLE", "USERNAME", "URL", "LAST USED", "ID"]
    }
}
