/// A placeholder of a sequence that stands for a value of the item (or of the moment) at typing time.
public enum AutoTypeField: Sendable, Hashable {
    case username
    case password
    case title
    case url
    case notes
    /// The current one-time code of the item's `otpauth://` secret.
    case oneTimeCode
    /// `{S:Name}`: a custom field, by name (case-insensitive, as KeePass).
    case custom(String)
    /// `{DT_SIMPLE}`, `{DT_YEAR}` …, local time, or UTC with `{DT_UTC_…}`.
    case dateTime(DateTimePart, utc: Bool)

    public enum DateTimePart: String, Sendable, Hashable, CaseIterable {
        case simple = "SIMPLE", year = "YEAR", month = "MONTH", day = "DAY", hour = "HOUR", minute = "MINUTE",
             second = "SECOND"
    }

    static let byKeePassName: [String: AutoTypeField] = {
        var names: [String: AutoTypeField] = [
            "USERNAME": .username, "PASSWORD": .password, "TITLE": .title, "URL": .url, "NOTES": .notes,
            "TOTP": .oneTimeCode,
        ]
        for part in DateTimePart.allCases {
            names["DT_\(part.rawValue)"] = .dateTime(part, utc: false)
            names["DT_UTC_\(part.rawValue)"] = .dateTime(part, utc: true)
        }
        return names
    }()
}
