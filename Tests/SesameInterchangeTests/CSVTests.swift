import Testing
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
}
