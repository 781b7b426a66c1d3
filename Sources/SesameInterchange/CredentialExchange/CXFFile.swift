import Foundation
import SesameAutoFill
import SesameStore

/// CXF files for `sesame import` and `sesame export --format cxf`: the format and the mapping live in
/// SesameAutoFill (`CredentialExchange/`); this turns them into an ``ImportBatch`` and back.
public enum CXFFile {
    /// Passkeys go in and out as Sesame's own (docs/import-export.md).
    static let passkeys = CXFSesamePasskeys()

    static func read(_ bytes: [UInt8], now: Date = Date()) throws(ImportError) -> ImportBatch {
        let document: (header: CXFHeader, report: CXFReadReport)
        do {
            document = try CXFReader.read(bytes)
        } catch {
            throw ImportError(error.message)
        }
        let result = CXFImport.result(from: document.header, report: document.report, passkeys: passkeys, now: now)
        return ImportBatch(
            records: result.records.map { ImportRecord(item: $0.item, location: $0.location) },
            rejected: result.rejected.map { ImportRejection(location: $0.location, reason: $0.reason) },
            skipped: result.skipped.map { ImportSkip(location: $0.location, kind: $0.kind, count: $0.count, reason: $0.reason) })
    }

    /// The items as a CXF file, and what it holds and left out.
    public static func write(_ items: [Item], now: Date = Date()) -> (bytes: [UInt8], summary: CXFExportSummary) {
        let (header, summary) = CXFExport.header(for: items, passkeys: passkeys, now: now)
        return (CXFWriter.write(header), summary)
    }
}
