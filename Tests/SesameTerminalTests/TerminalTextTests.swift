import SesameTerminalText
import Testing
@testable import SesameTerminal

@Suite struct TerminalTextTests {
    @Test func controlsAndBidiOverridesAreShownAsEscapes() {
        #expect(TerminalText.sanitized("a\u{1B}[2Jb\u{7}c\u{9B}d\u{7F}e\u{202E}f\u{2066}g\r") ==
            #"a\u{1B}[2Jb\u{7}c\u{9B}d\u{7F}e\u{202E}f\u{2066}g\u{D}"#)
        #expect(TerminalText.sanitized("plain: 日本語 🔑 café") == "plain: 日本語 🔑 café")
    }

    @Test func multiLineTextKeepsItsLinesAndOneLineTextDoesNot() {
        #expect(TerminalText.sanitized("one\n\ttwo") == "one\n\ttwo")
        #expect(TerminalText.singleLine("one\n\ttwo") == #"one\u{A}\u{9}two"#)
    }

    @Test func quotedForeignInputIsCutWithAnEllipsis() {
        let quoted = TerminalText.quoted(String(repeating: "x", count: 500) + "\u{1B}")
        #expect(quoted == String(repeating: "x", count: 79) + "…")
        #expect(TerminalText.quoted("short\u{7}") == #"short\u{7}"#)
    }

    @Test func errorReportsAreOneEscapedLineOfBoundedLength() {
        let message = "No item matches '\u{1B}]52;c;aGk=\u{7}\n" + String(repeating: "a", count: 5_000) + "'."
        let report = errorReport(for: CLIError(message))
        #expect(report.hasPrefix(#"Error: No item matches '\u{1B}]52;c;aGk=\u{7}\u{A}aaa"#))
        // Cut at the limit in characters of the message, then escaped.
        #expect(report == "Error: " + TerminalText.singleLine(String(message.prefix(TerminalText.messageLimit - 1))) + "…\n")
        let usage = UsageError("Unknown option '\u{1B}[2J'", usage: "sesame x", commandPath: "sesame x").report
        #expect(usage.hasPrefix(#"Error: Unknown option '\u{1B}[2J'"#))
    }
}
