import Foundation
import FuzzSupport
import SesameAutoType
import SesameAutoTypeRules
import SesameStore
@testable import SesameAutoFill

/// Any text as an item's Auto-Type sequence (a custom field anyone who edited the vault, or a KeePass file, may
/// have written). Parsing must not crash; what parses resolves against an item, and its actions survive the JSON
/// they travel in to the typing process.
@main
enum FuzzAutoTypeSequence {
    static func main() {
        let item = Item(title: "t", username: "alice", password: "pw", urls: [ItemURL("https://example.com")],
                        notes: "n", fields: [CustomField(name: "PIN", value: "1234")],
                        oneTimeCode: "otpauth://totp/x?secret=JBSWY3DPEHPK3PXP")
        let moment = Date(timeIntervalSince1970: 1_700_000_000)
        LibFuzzer.run { bytes in
            let source = String(decoding: bytes, as: UTF8.self)
            guard let sequence = try? AutoTypeSequence(source) else { return }
            for token in sequence.tokens {
                if case .text(let text) = token { precondition(!text.isEmpty, "an empty text token") }
            }
            guard let actions = try? sequence.actions(for: item, now: moment) else { return }
            let data = try! JSONEncoder().encode(actions)
            let decoded = try? JSONDecoder().decode([AutoTypeAction].self, from: data)
            precondition(decoded == actions, "actions do not survive their JSON")
        }
    }
}
