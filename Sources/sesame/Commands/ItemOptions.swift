import SesameDomains
import SesameStore
import SesameTerminal

/// Reading item fields from options, shared by `add` and `edit`.
enum ItemOptions {
    static let username = OptionSpec.value("username", short: "u", valueName: "name", help: "The user name.")
    static let notes = OptionSpec.value("notes", valueName: "text", help: "Free-form notes.")
    static let match = OptionSpec.value(
        "match", valueName: "mode", help: "How URLs must match a login form: domain (default), host, exact or never.")
    static let field = OptionSpec.repeatable(
        "field", valueName: "name=value", help: "A custom field (repeatable).")
    static let protectedField = OptionSpec.repeatable(
        "protected-field", valueName: "name=value", help: "A custom field shown only with --reveal (repeatable).")
    static let tag = OptionSpec.repeatable("tag", valueName: "tag", help: "A tag (repeatable).")

    static func matchMode(_ arguments: ParsedArguments) throws -> MatchMode? {
        try arguments.value("match") { MatchMode(rawValue: $0.lowercased()) }
    }

    /// Checks that a URL names a site, so it can be indexed and matched.
    static func url(_ text: String, _ arguments: ParsedArguments) throws -> ItemURL {
        do {
            _ = try ServiceURL(parsing: text)
        } catch {
            throw arguments.usageError("'\(text)' is not a valid URL or domain")
        }
        return ItemURL(text)
    }

    static func fields(_ arguments: ParsedArguments) throws -> [CustomField] {
        var fields: [CustomField] = []
        for (option, isProtected) in [("field", false), ("protected-field", true)] {
            for pair in arguments.values(option) {
                guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                    throw arguments.usageError("'--\(option)' takes name=value")
                }
                fields.append(CustomField(
                    name: String(pair[..<equals]), value: String(pair[pair.index(after: equals)...]), isProtected: isProtected))
            }
        }
        return fields
    }
}
