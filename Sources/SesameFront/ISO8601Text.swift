/// Dates as the full CLI prints them with Foundation (`Date.ISO8601FormatStyle`, UTC, whole seconds rounded down),
/// from the agent's wire form: seconds since 2001-01-01 (what `JSONEncoder` writes for a `Date`).
///
/// Only years 1583 to 9999: Foundation's Gregorian calendar switches to the Julian one before 1583 and writes
/// other widths beyond 9999, which the front leaves to the full CLI (nil).
enum ISO8601Text {
    /// `2026-12-01T09:30:00Z`
    static func dateTime(_ secondsSince2001: Double) -> String? {
        guard let (days, seconds) = split(secondsSince2001), let date = civil(days) else { return nil }
        return "\(date)T\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))Z"
    }

    /// `2026-12-01`
    static func day(_ secondsSince2001: Double) -> String? {
        guard let (days, _) = split(secondsSince2001) else { return nil }
        return civil(days)
    }

    /// Days since 1970-01-01 and seconds into that day, rounded down.
    private static func split(_ secondsSince2001: Double) -> (days: Int64, seconds: Int64)? {
        // Rounded down where the value is exact, before moving it to 1970.
        let floored = secondsSince2001.rounded(.down)
        // Years 1583...9999 lie well inside ±2^40 seconds; anything outside (or not finite) is not ours to print.
        guard floored.isFinite, abs(floored) < 1_099_511_627_776 else { return nil }
        let whole = Int64(floored) + 978_307_200
        let days = whole >= 0 ? whole / 86_400 : -((-whole + 86_399) / 86_400)
        return (days, whole - days * 86_400)
    }

    /// `YYYY-MM-DD` of a day count since 1970-01-01 in the proleptic Gregorian calendar (the civil-from-days
    /// algorithm: eras of 400 years, March-based years).
    private static func civil(_ daysSince1970: Int64) -> String? {
        let z = daysSince1970 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        guard (1583...9999).contains(year) else { return nil }
        return "\(year)-\(two(month))-\(two(day))"
    }

    private static func two(_ value: Int64) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
