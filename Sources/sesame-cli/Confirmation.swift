import Foundation
import SesameTerminal

/// A yes/no question on the terminal; anything but "y" or "yes" is no.
enum Confirmation {
    static func ask(_ question: String) throws -> Bool {
        Terminal.writeToStandardError(question)
        guard let answer = readLine(strippingNewline: true) else { return false }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
