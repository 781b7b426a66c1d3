import Foundation
import SesameAutoFill
import SesameStore
import SesameTerminal

/// `sesame list`: every login, without secrets.
enum ListCommand: Command {
    static let spec = CommandSpec(
        name: "list",
        abstract: "List the logins in the vault (never their passwords).",
        options: [CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let service = try context.openService()
        let (items, damaged) = try service.list(.active)
        if context.wantsJSON {
            try context.printJSON(items.map(SummaryJSON.init))
        } else if items.isEmpty && damaged.isEmpty {
            print("The vault is empty; add a login with 'sesame add'.")
        } else {
            SummaryTable.print(items)
        }
        // Damaged items never hide the others; they are reported, and the exit status says something is wrong.
        for message in damaged { Terminal.writeToStandardError("Warning: \(message)\n") }
        if !damaged.isEmpty { throw ExitStatus.failure }
    }
}
