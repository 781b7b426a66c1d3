import Foundation

/// Durations as people type them: `90s`, `15m`, `2h`, `1d`, combinations such as `1h30m`, or bare seconds.
public enum AgentDuration {
    /// Seconds, or nil when `text` is not a duration or is zero.
    public static func parse(_ text: String) -> TimeInterval? {
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !text.isEmpty else { return nil }
        if let seconds = Int(text) { return seconds > 0 ? TimeInterval(seconds) : nil }
        var total = 0.0
        var number = ""
        for character in text {
            if character.isASCII && character.isNumber {
                number.append(character)
                continue
            }
            guard let value = Int(number), let unit = unitSeconds[character] else { return nil }
            total += Double(value) * unit
            number = ""
        }
        guard number.isEmpty, total > 0, total <= maximum else { return nil }
        return total
    }

    /// `14m 58s`, `2h`, `1h 30m`, `45s`: the largest two units, rounded down to whole seconds.
    public static func format(_ seconds: TimeInterval) -> String {
        var remaining = Int(max(0, seconds.rounded(.down)))
        var parts: [String] = []
        for (unit, size) in [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)] where remaining >= size || (unit == "s" && parts.isEmpty) {
            let count = remaining / size
            remaining -= count * size
            if count > 0 || parts.isEmpty { parts.append("\(count)\(unit)") }
            if parts.count == 2 { break }
        }
        return parts.joined(separator: " ")
    }

    /// A timeout longer than a year is surely a typo.
    public static let maximum: TimeInterval = 366 * 86_400

    private static let unitSeconds: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
}
