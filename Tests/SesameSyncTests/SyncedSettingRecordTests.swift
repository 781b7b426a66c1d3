import Foundation
import SesameSync
import Testing

/// Reading a synced setting's record out of an op: its name must be UTF-8, checked without the iOS 18 / macOS 15
/// `String(validating:as:)` (the package promises iOS 17 / macOS 14).
@Suite struct SyncedSettingRecordTests {
    private func op(name: [UInt8], value: [UInt8]) -> SyncOp {
        let payload = Array("SSET1".utf8) + [UInt8(name.count >> 8), UInt8(name.count & 0xFF)] + name + value
        return SyncOp(
            id: OpID(device: UUID(), counter: 1), item: UUID(), kind: .put(state: 0, payload: payload), parents: [],
            time: HybridTimestamp(milliseconds: 1, counter: 0))
    }

    @Test func aUTF8NameAndItsValueAreRead() throws {
        let record = try #require(SyncedSetting.record(in: op(name: Array("équivalents".utf8), value: [1, 2, 3])))
        #expect(record.name == "équivalents")
        #expect(record.value == [1, 2, 3])
    }

    /// Decoding alone would turn these into U+FFFD and accept a name nobody wrote.
    @Test(arguments: [[0xFF], [0x65, 0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF]] as [[UInt8]])
    func aNameThatIsNotUTF8IsNoSettingRecord(name: [UInt8]) {
        #expect(SyncedSetting.record(in: op(name: name, value: [1])) == nil)
    }

    @Test func aLengthPastTheEndIsNoSettingRecord() {
        var truncated = op(name: Array("equivalent-domains".utf8), value: [])
        guard case .put(let state, var payload) = truncated.kind else { return }
        payload.removeLast()
        truncated.kind = .put(state: state, payload: payload)
        #expect(SyncedSetting.record(in: truncated) == nil)
    }

    @Test func aRecordReadsBackAndARemovalIsEmpty() throws {
        let set = SyncOp(
            id: OpID(device: UUID(), counter: 1), item: SyncedSetting.id(of: "equivalent-domains"),
            kind: .put(state: 0, payload: SyncedSetting.record(named: "equivalent-domains", value: [9, 8])),
            parents: [], time: HybridTimestamp(milliseconds: 1, counter: 0))
        let record = try #require(SyncedSetting.record(in: set))
        #expect(record.name == "equivalent-domains" && record.value == [9, 8])
        #expect(SyncedSetting.record(in: op(name: Array("x".utf8), value: []))?.value == [])
    }

    /// Reserved ids are version 8, so no random (version 4) item id can be one, and each name has its own.
    @Test func reservedIDsAreVersion8AndDistinct() {
        let id = SyncedSetting.id(of: "equivalent-domains")
        #expect(id.uuid.6 >> 4 == 8 && id.uuid.8 >> 6 == 2)
        #expect(id == SyncedSetting.id(of: "equivalent-domains") && id != SyncedSetting.id(of: "other"))
    }

    /// A reader merges the other live versions, best first, and skips a concurrent removal (nothing to merge).
    @Test func otherLiveValuesSkipRemovals() {
        let item = SyncedSetting.id(of: "equivalent-domains")
        func put(_ counter: UInt64, _ value: [UInt8]?) -> SyncOp {
            SyncOp(
                id: OpID(device: UUID(), counter: counter), item: item,
                kind: .put(state: 0, payload: SyncedSetting.record(named: "equivalent-domains", value: value)),
                parents: [], time: HybridTimestamp(milliseconds: counter, counter: 0))
        }
        let resolution = ItemResolution(ops: [put(1, [1]), put(2, nil), put(3, [3]), put(4, [4])])
        #expect(resolution.winner.flatMap { SyncedSetting.record(in: $0)?.value } == [4])
        #expect(SyncedSetting.otherLiveValues(in: resolution) == [[3], [1]])
    }
}
