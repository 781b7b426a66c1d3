import Foundation
import FuzzSupport
@testable import SesameStore

/// Any bytes as a decrypted item payload (what an authenticated but hostile or newer writer could have sealed).
/// Decoding must not crash, what decodes writes back to bytes that decode the same way, and the light read of a
/// full identity sync (`decodeLogin`, passkey names included) agrees with the full decode.
@main
enum FuzzItemPayload {
    static func main() {
        let id = UUID(uuid: (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
        LibFuzzer.run { bytes in
            let login = try? ItemPayload.decodeLogin(bytes, id: id)
            guard let item = try? ItemPayload.decode(bytes, id: id) else { return }
            precondition(login == ItemLogin(item), "the light read disagrees with the full decode")
            let encoded = ItemPayload.encode(item)
            let again = encoded.withUnsafeBytes { try? ItemPayload.decode($0, id: id) }
            precondition(again.map(ItemPayload.encode) == encoded, "an item does not survive a write and a read")
        }
    }
}
