import Foundation
import FuzzSupport
import SesameAutoFill
import SesameStore

/// Any bytes as a CXF file: detection and reading must not crash, whatever reads must map onto Sesame items
/// without crashing (through Sesame's passkey model, so keys are checked and passkeys held, then exported again),
/// and a read document must write to bytes that read and write back to the same bytes.
@main
enum FuzzCXF {
    static func main() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        LibFuzzer.run { raw in
            let bytes = Array(raw)
            _ = CXFReader.looksLike(bytes)
            guard let (header, report) = try? CXFReader.read(bytes) else { return }
            let result = CXFImport.result(from: header, report: report, passkeys: CXFSesamePasskeys(), now: now)
            _ = CXFExport.header(for: result.records.map(\.item), passkeys: CXFSesamePasskeys(), now: now, accountID: [1])
            let written = CXFWriter.write(header)
            guard let again = try? CXFReader.read(written) else { preconditionFailure("a written document does not read") }
            precondition(again.report.skippedFields.isEmpty, "a written document has members its reader skips")
            precondition(CXFWriter.write(again.header) == written, "a written document does not read back the same")
        }
    }
}
