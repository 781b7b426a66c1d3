@testable import SesameTerminalText
@testable import SesameTerminal
import Testing

/// Table layout for people: aligned, fitted to a terminal, never cut when piped.
@Suite struct TableTests {
    private var logins: Table {
        var table = Table(columns: [
            Table.Column("ID", isTruncatable: false),
            Table.Column("TITLE"),
            Table.Column("USER"),
            Table.Column("USES", alignment: .right),
        ])
        table.append(["a1b2", "GitHub", "alice@example.com", "42"])
        table.append(["c3d4", "The very long title of a bank login", "alice", "7"])
        return table
    }

    @Test func columnsAreAsWideAsTheirWidestCell() {
        #expect(logins.render() == """
            ID    TITLE                                USER               USES
            a1b2  GitHub                               alice@example.com    42
            c3d4  The very long title of a bank login  alice                 7

            """)
    }

    @Test func pipedOutputIsNeverCut() {
        #expect(logins.render(maxWidth: nil) == logins.render())
    }

    @Test func aNarrowTerminalCutsTheWidestTruncatableColumnsFirst() {
        let rendered = logins.render(maxWidth: 50)
        #expect(rendered == """
            ID    TITLE                USER               USES
            a1b2  GitHub               alice@example.com    42
            c3d4  The very long titl…  alice                 7

            """)
        for line in rendered.split(separator: "\n") {
            #expect(line.count == 50)
        }
    }

    @Test func aVeryNarrowTerminalCutsEveryTruncatableColumnButKeepsIdentifiersWhole() {
        let rendered = logins.render(maxWidth: 30)
        #expect(rendered == """
            ID    TITLE     USER      USES
            a1b2  GitHub    alice@e…    42
            c3d4  The ver…  alice        7

            """)
    }

    @Test func aWideEnoughTerminalChangesNothing() {
        #expect(logins.render(maxWidth: 200) == logins.render())
    }

    @Test func headersAreBoldOnlyWhenStyled() {
        var table = Table(headers: ["A", "B"])
        table.append(["x", "y"])
        #expect(table.render(style: .plain) == "A  B\nx  y\n")
        #expect(table.render(style: TextStyle(isEnabled: true)) == "\u{1B}[1mA\u{1B}[22m  \u{1B}[1mB\u{1B}[22m\nx  y\n")
    }

    @Test func anEmptyTableIsItsHeader() {
        #expect(Table(headers: ["TITLE", "USER"]).render() == "TITLE  USER\n")
    }

    @Test func controlCharactersCannotBreakTheLayoutOrDriveTheTerminal() {
        var table = Table(headers: ["TITLE", "USER"])
        table.append(["two\nlines\tand tab", "evil\u{1B}[2Jclear"])
        table.append(["\u{202E}reversed", "ok"])
        #expect(table.render() == """
            TITLE              USER
            two lines and tab  evil\\u{1B}[2Jclear
            \\u{202E}reversed   ok

            """)
    }

    @Test func wideCharactersCountTwoColumns() {
        var table = Table(headers: ["TITLE", "USER"])
        table.append(["日本語", "a"])
        table.append(["🔑 key", "b"])
        #expect(table.render() == """
            TITLE   USER
            日本語  a
            🔑 key  b

            """)
        #expect(DisplayWidth.of("日本語") == 6)
        #expect(DisplayWidth.of("é") == 1)
        #expect(DisplayWidth.of("e\u{301}") == 1)
    }

    @Test func fittingCutsWithAnEllipsis() {
        #expect(Table.fitted("abcdef", to: 6) == "abcdef")
        #expect(Table.fitted("abcdefg", to: 6) == "abcde…")
        #expect(Table.fitted("日本語です", to: 6) == "日本…")
    }
}
