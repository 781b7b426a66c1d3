import FuzzSupport
import SesameInterchange

/// Any bytes as a CSV file from another password manager. Reading must not crash, and every row read writes back
/// to CSV that reads as the same fields, with no problem.
@main
enum FuzzCSV {
    static func main() {
        LibFuzzer.run { bytes in
            let (rows, _) = CSVReader.read(bytes)
            let written = rows.map { CSVWriter.record($0.fields) }.joined()
            let again = CSVReader.read(Array(written.utf8))
            precondition(again.problems.isEmpty, "written CSV reads with a problem")
            precondition(again.rows.map(\.fields) == rows.map(\.fields), "a row does not survive a write and a read")
        }
    }
}
