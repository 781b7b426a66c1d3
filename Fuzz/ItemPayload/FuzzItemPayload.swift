import Foundation
import FuzzSupport
@testable import SesameStore

/// Any bytes as a decrypted item payload (what an authenticated but hostile or newer writer could have sealed), in
/// both encodings: the full one (formats 1 and 2, sync ops) and the compact one (format 3, the items table).
/// Decoding must not crash, what decodes writes back to bytes that decode the same way, an item read from the
/// compact encoding survives the full one unchanged (compared as bytes: a NaN date is not equal to itself), and
/// the light read of a full identity sync (`decodeLogin`, passkey names included) agrees with the full decode.
@main
enum FuzzItemPayload {
    static func main() {
        let id = UUID(uuid: (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
        LibFuzzer.run { bytes in
            if let item = try? ItemPayload.decode(bytes, id: id) {
                let encoded = ItemPayload.encode(item)
                let again = encoded.withUnsafeBytes { try? ItemPayload.decode($0, id: id) }
                precondition(again.map(ItemPayload.encode) == encoded, "an item does not survive a write and a read")
                let login = try? ItemPayload.decodeLogin(bytes, id: id)
                precondition(login == ItemLogin(item), "the light read disagrees with the full decode")
            }
            if let item = try? ItemPayload.decodeCompact(bytes, id: id) {
                let compact = ItemPayload.encodeCompact(item)
                let again = compact.withUnsafeBytes { try? ItemPayload.decodeCompact($0, id: id) }
                precondition(again.map(ItemPayload.encodeCompact) == compact, "a compact item does not survive a write and a read")
                let full = ItemPayload.encode(item).withUnsafeBytes { try? ItemPayload.decode($0, id: id) }
                precondition(full.map(ItemPayload.encodeCompact) == compact, "the two encodings disagree on an item")
                let login = try? ItemPayload.decodeLogin(bytes, id: id, format: ItemPayload.compactFormat)
                precondition(login == ItemLogin(item), "the compact light read disagrees with the compact decode")
            }
        }
    }
}
