/// Bold and dim text for people, plain text for everyone else.
///
/// Build one from ``shouldUseColor(isTerminal:environment:)`` (or use `standardOutput` in SesameTerminal) and wrap
/// words with it; when colour is off the text comes back unchanged. Style after padding: escape codes have no width but count as characters.
///
/// ```swift
/// let style = TextStyle.standardOutput
/// print("\(style.bold(item.title))  \(style.dim(item.site))")
/// ```
public struct TextStyle: Sendable, Equatable {
    /// Whether escape codes are emitted.
    public var isEnabled: Bool

    /// A style that emits escape codes only if `isEnabled`.
    public init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    /// No escape codes.
    public static let plain = TextStyle(isEnabled: false)

    /// The colour rule: only on a terminal, never when `NO_COLOR` is set to a non-empty value (no-color.org),
    /// never when `TERM` is `dumb` or unset.
    public static func shouldUseColor(isTerminal: Bool, environment: [String: String]) -> Bool {
        guard isTerminal else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        guard let term = environment["TERM"], !term.isEmpty, term != "dumb" else { return false }
        return true
    }

    /// `text` in bold.
    public func bold(_ text: String) -> String {
        // 22 turns off bold and dim only, so styles nest inside other colours.
        wrap(text, on: "\u{1B}[1m", off: "\u{1B}[22m")
    }

    /// `text` dimmed (faint), for secondary details.
    public func dim(_ text: String) -> String {
        wrap(text, on: "\u{1B}[2m", off: "\u{1B}[22m")
    }

    private func wrap(_ text: String, on: String, off: String) -> String {
        isEnabled && !text.isEmpty ? on + text + off : text
    }
}
