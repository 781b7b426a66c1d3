import Foundation
import SesameTerminal
import Testing

/// The shape of `--json` output.
@Suite struct JSONOutputTests {
    private struct Item: Encodable {
        var title: String
        var url: URL
        var created: Date
        var tags: [String]
        var notes: String?
    }

    @Test func sortedKeysUnescapedSlashesISODatesAndATrailingNewline() throws {
        let item = Item(
            title: "GitHub", url: URL(string: "https://github.com/login")!,
            created: Date(timeIntervalSince1970: 1_738_315_800), tags: ["work", "code"], notes: nil)
        #expect(try JSONOutput.string(for: item) == """
            {
              "created" : "2025-01-31T09:30:00Z",
              "tags" : [
                "work",
                "code"
              ],
              "title" : "GitHub",
              "url" : "https://github.com/login"
            }

            """)
    }

    @Test func arraysAndEmptyValues() throws {
        #expect(try JSONOutput.string(for: [String]()) == "[\n\n]\n")
        #expect(try JSONOutput.string(for: ["b": 1, "a": 2]) == "{\n  \"a\" : 2,\n  \"b\" : 1\n}\n")
    }

    @Test func unencodableValuesThrow() {
        #expect(throws: EncodingError.self) { try JSONOutput.string(for: ["x": Double.nan]) }
    }
}
