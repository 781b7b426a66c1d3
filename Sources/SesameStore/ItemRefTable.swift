import Foundation

/// Item row numbers (`items.ref`) and the ids they name, sorted by row number: what binds each index row to its
/// item's id while the tamper check hashes the index at unlock. 24 bytes a row in one array, looked up by binary
/// search; a `Dictionary` of the same pairs held three to four times that at 100,000 items (its buckets at a load
/// of 3/4 or less, and the old and new storage together while it grew), inside the AutoFill extension's budget.
struct ItemRefTable {
    private struct Entry {
        var ref: Int64
        var id: uuid_t
    }

    private var entries: [Entry] = []
    private var isSorted = true

    /// - Parameter capacity: the number of rows, when known, so the array is allocated once at its size.
    init(capacity: Int = 0) {
        entries.reserveCapacity(capacity)
    }

    /// Adds a row; rows come in row-number order from a scan of `items`, and are sorted once if they did not.
    mutating func append(ref: Int64, id: uuid_t) {
        if let last = entries.last, last.ref >= ref { isSorted = false }
        entries.append(Entry(ref: ref, id: id))
    }

    /// Call once every row was appended.
    mutating func finish() {
        if !isSorted {
            entries.sort { $0.ref < $1.ref }
            isSorted = true
        }
    }

    var count: Int { entries.count }

    /// The id of the item at row `ref`, or nil when there is none.
    func id(at ref: Int64) -> uuid_t? {
        precondition(isSorted, "finish() before looking up")
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].ref < ref { low = middle + 1 } else { high = middle }
        }
        return low < entries.count && entries[low].ref == ref ? entries[low].id : nil
    }
}
