import SesameAutoFill
import SesameAutoType
import SesameAutoTypeRules
import SesameStore
import SesameTerminal

/// What to type for an item: the sequence given on the command line, else the rule's, else the item's own or
/// the default; its placeholders filled from the item.
enum AutoTypePlan {
    static func actions(for item: Item, candidate: AutoTypeCandidate, explicit: AutoTypeSequence?) throws -> [AutoTypeAction] {
        let sequence: AutoTypeSequence
        do {
            if let explicit {
                sequence = explicit
            } else if let ruleSequence = candidate.sequence {
                sequence = try AutoTypeSequence(ruleSequence)
            } else {
                sequence = try AutoTypeSequence.forItem(item)
            }
        } catch {
            throw CLIError("\(error.description) (item '\(item.title)')")
        }
        do {
            return try sequence.actions(for: item)
        } catch {
            throw CLIError(error.message + " Nothing was typed.")
        }
    }
}
