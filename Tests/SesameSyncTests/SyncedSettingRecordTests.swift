import Foundation
@testable import SesameStore
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
        let record = try #require(Vault.settingRecord(in: op(name: Array("équivalents".utf8), value: [1, 2, 3])))
        #expect(record.name == "équivalents")
        #expect(record.value == [1, 2, 3])
    }

    /// Decoding alone would turn these into U+FFFD and accept a name nobody wrote.
    @Test(arguments: [[0xFF], [0x65, 0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF]] as [[UInt8]])
    func aNameThatIsNotUTF8IsNoSettingRecord(name: [UInt8]) {
        #expect(Vault.settingRecord(in: op(name: name, value: [1])) == nil)
    }

    @Test func aLengthPastTheEndIsNoSettingRecord() {
        var truncated = op(name: Array("equivalent-domains".utf8), value: [])
        guard case .put(let state, var payload) = truncated.kind else { return }
        payload.removeLast()
        truncated.kind = .put(state: state, payload: payload)
        #expect(Vault.settingRecord(in: truncated) == nil)
    }
}
