import FuzzSupport
import SesameInterchange

/// Any bytes as a CSV file from another password manager. Reading must not crash or pass its limits' cost, and
/// every row read writes back to CSV that reads as the same fields, with no problem.
@main
enum FuzzCSV {
    static func main() {
        LibFuzzer.run { bytes in
            guard let (rows, _) = try? CSVReader.read(bytes) else { return }
            let written = rows.map { CSVWriter.record($0.fields) }.joined()
            guard let again = try? CSVReader.read(Array(written.utf8)) else {
                preconditionFailure("what was read does not read again once written")
            }
            precondition(again.problems.isEmpty, "written CSV reads with a problem")
            precondition(again.rows.map(\.fields) == rows.map(\.fields), "a row does not survive a write and a read")
        }
    }
}
