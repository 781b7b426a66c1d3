import SesameTerminal
import SesameTerminalText
import Testing

/// When output is coloured, and how styled text looks.
@Suite struct TerminalOutputTests {
    @Test("Colour only on a capable terminal, and never against NO_COLOR", arguments: [
        (true, ["TERM": "xterm-256color"], true),
        (false, ["TERM": "xterm-256color"], false),
        (true, ["TERM": "xterm-256color", "NO_COLOR": "1"], false),
        (true, ["TERM": "xterm-256color", "NO_COLOR": "anything"], false),
        (true, ["TERM": "xterm-256color", "NO_COLOR": ""], true),
        (true, ["TERM": "dumb"], false),
        (true, [:], false),
    ])
    func colourRule(isTerminal: Bool, environment: [String: String], expected: Bool) {
        #expect(Terminal.shouldUseColor(isTerminal: isTerminal, environment: environment) == expected)
    }

    @Test func styledTextHasEscapesOnlyWhenEnabled() {
        let on = TextStyle(isEnabled: true)
        #expect(on.bold("Title") == "\u{1B}[1mTitle\u{1B}[22m")
        #expect(on.dim("site") == "\u{1B}[2msite\u{1B}[22m")
        #expect(on.bold("") == "")
        #expect(TextStyle.plain.bold("Title") == "Title")
        #expect(TextStyle(isEnabled: false).dim("site") == "site")
    }

    @Test func testsDoNotRunOnATerminalOfKnownWidthUnlessOneIsThere() {
        // Under `swift test` standard output is a pipe: no width, so tables are never cut there.
        if !Terminal.isStandardOutputATerminal {
            #expect(Terminal.standardOutputWidth == nil)
            #expect(!Terminal.useColor)
        }
    }
}
