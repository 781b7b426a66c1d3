import SesameAutoFill
import SesameDomains
import SesameStore
import SesameTerminal

/// Reading item fields from options, shared by `add` and `edit`.
enum ItemOptions {
    static let username = OptionSpec.value("username", short: "u", valueName: "name", help: "The user name.")
    static let notes = OptionSpec.value("notes", valueName: "text", help: "Free-form notes.")
    static let match = OptionSpec.value(
        "match", valueName: "mode", help: "How URLs must match a login form: domain (default), host, exact or never.",
        completion: .values(["domain", "host", "exact", "never"]))
    static let field = OptionSpec.repeatable(
        "field", valueName: "name=value", help: "A custom field (repeatable).")
    static let protectedField = OptionSpec.repeatable(
        "protected-field", valueName: "name",
        help: "A custom field shown only with --reveal; its value is asked for like a password, never taken from the command line (repeatable).")
    static let oneTimeCode = OptionSpec.flag(
        "otp", help: "Set the login's one-time code: an otpauth://totp/ URI or a base32 secret, asked for like a password (never taken from the command line).")
    static let tag = OptionSpec.repeatable("tag", valueName: "tag", help: "A tag (repeatable).")

    static func matchMode(_ text: String?, usage: CommandUsage) throws -> MatchMode? {
        try usage.converted(text, of: match) { MatchMode(rawValue: $0.lowercased()) }
    }

    /// Checks that a URL names a site, so it can be indexed and matched.
    static func url(_ text: String, usage: CommandUsage) throws -> ItemURL {
        do {
            _ = try ServiceURL(parsing: text)
        } catch {
            throw usage.error("'\(text)' is not a valid URL or domain")
        }
        return ItemURL(text)
    }

    /// The plain custom fields given as `--field name=value`.
    static func fields(_ pairs: [String], usage: CommandUsage) throws -> [CustomField] {
        try pairs.map { pair in
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw usage.error("'--field' takes name=value")
            }
            return CustomField(name: String(pair[..<equals]), value: String(pair[pair.index(after: equals)...]))
        }
    }

    /// The protected fields named with `--protected-field name`: their values are secrets, so they are read like
    /// passwords (hidden prompt, or the next lines of standard input with --password-stdin), in the order given.
    static func protectedFields(_ names: [String], usage: CommandUsage, secrets: SecretReader) throws -> [CustomField] {
        try names.map { name in
            guard !name.isEmpty, !name.contains("=") else {
                throw usage.error("'--protected-field' takes a field name; its value is asked for")
            }
            return CustomField(name: name, value: try secrets.read(.fieldValue(name: name)).utf8String(), isProtected: true)
        }
    }

    /// The one-time code setting read like a password: checked here, stored as the URI given, or as a URI made from a
    /// bare base32 secret.
    static func oneTimeCode(title: String, secrets: SecretReader) throws -> String {
        let text = try secrets.read(.oneTimeCode(title: title)).utf8String().trimmingCharacters(in: .whitespaces)
        var settings = try OneTimeCodeSettings(parsing: text)
        if text.lowercased().hasPrefix("otpauth:") { return text }
        settings.account = title
        return settings.uri
    }
}
