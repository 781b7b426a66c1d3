import Foundation
@testable import SesameStore
import Testing

/// The row-number-to-id table the tamper check binds index rows with at unlock.
@Suite struct ItemRefTableTests {
    func id(_ byte: UInt8) -> uuid_t { (byte, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, byte) }

    @Test func rowsInRowNumberOrderAreFoundAndGapsAreNot() {
        var table = ItemRefTable(capacity: 3)
        for ref: Int64 in [1, 2, 5] { table.append(ref: ref, id: id(UInt8(ref))) }
        table.finish()
        #expect(table.count == 3)
        for ref: Int64 in [1, 2, 5] { #expect(table.id(at: ref).map { UUID(uuid: $0) } == UUID(uuid: id(UInt8(ref)))) }
        for ref: Int64 in [0, 3, 4, 6, -1, .max] { #expect(table.id(at: ref) == nil) }
    }

    /// A scan that did not come in row-number order (a plan through another index) is sorted before lookups.
    @Test func rowsOutOfOrderAreSortedOnce() {
        var table = ItemRefTable()
        let refs: [Int64] = [9, 3, 7, 1, 8, 2]
        for ref in refs { table.append(ref: ref, id: id(UInt8(ref))) }
        table.finish()
        for ref in refs { #expect(table.id(at: ref).map { UUID(uuid: $0) } == UUID(uuid: id(UInt8(ref)))) }
        #expect(table.id(at: 5) == nil)
    }

    @Test func anEmptyTableFindsNothing() {
        var table = ItemRefTable()
        table.finish()
        #expect(table.id(at: 1) == nil)
    }
}
