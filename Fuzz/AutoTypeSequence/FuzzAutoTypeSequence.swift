import FuzzSupport
import SesameAutoType

/// Any bytes (as UTF-8, lossily) as an item's own Auto-Type sequence: parsed with fields that hold syntax of their
/// own. What parses must type the field values verbatim (never parse them), and an error must stay an error.
@main
enum FuzzAutoTypeSequence {
    static func main() {
        let fields = AutoTypeSequence.Fields(username: "{TAB}+^", password: "p{w}~", title: "%#", url: "{DELAY 1}")
        LibFuzzer.run { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            guard let sequence = try? AutoTypeSequence(parsing: text, fields: fields) else { return }
            for case .pause(let milliseconds) in sequence.steps { precondition((0...10_000).contains(milliseconds)) }
            for case .keyDelay(let milliseconds) in sequence.steps { precondition((0...10_000).contains(milliseconds)) }
            if text == "{PASSWORD}" { precondition(sequence.steps == [.text(fields.password)]) }
        }
    }
}
