import FuzzSupport
@testable import SesameInterchange

/// Any bytes as a Bitwarden JSON export: format detection and the reader must not crash, and nothing passes the
/// reader that its budget refuses (a file over the limits never reaches Foundation's parser; seeds: deep nesting,
/// millions of values in a few bytes). What the shape pass accepts, the reader either reads or refuses with one
/// error; what it reads stays within the item limit.
@main
enum FuzzBitwardenJSON {
    static func main() {
        LibFuzzer.run { raw in
            let bytes = Array(raw)
            _ = ImportFormat.detect(bytes)
            let withinShape = (try? BitwardenJSON.shape.check(bytes, what: "")) != nil
            guard let batch = try? BitwardenJSON.read(bytes) else { return }
            precondition(withinShape, "a file over the shape limits was read")
            precondition(batch.records.count + batch.rejected.count <= BitwardenJSON.maximumItems, "more items than the limit")
        }
    }
}
