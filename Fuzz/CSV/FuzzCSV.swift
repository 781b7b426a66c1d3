import FuzzSupport
import SesameInterchange

/// Any bytes as a CSV file from another password manager. Reading must not crash or pass its limits' cost, every
/// row read writes back to CSV that reads as the same fields, with no problem, and every field survives the
/// export's spreadsheet escaping (a leading `'`) and Sesame's removal of it.
@main
enum FuzzCSV {
    static func main() {
        LibFuzzer.run { bytes in
            guard let rows = (try? CSVReader.read(bytes))?.rows else { return }
            let written = rows.map { CSVWriter.record($0.fields) }.joined()
            guard let again = try? CSVReader.read(Array(written.utf8)) else {
                preconditionFailure("what was read does not read again once written")
            }
            precondition(again.problems.isEmpty, "written CSV reads with a problem")
            precondition(again.rows.map(\.fields) == rows.map(\.fields), "a row does not survive a write and a read")
            for field in rows.flatMap(\.fields) {
                let cell = SpreadsheetCell.escaped(field)
                precondition(!"=+-@\t\r".utf8.contains(cell.utf8.first ?? 0), "an escaped cell still starts a formula")
                precondition(SpreadsheetCell.unescaped(cell) == field, "a cell does not survive escaping")
            }
        }
    }
}
