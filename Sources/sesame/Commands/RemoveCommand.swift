import Foundation
import SesameAutoFill
import SesameStore
import SesameTerminal

/// `sesame rm`: deletes a login. The row stays as a tombstone (no payload) so that sync can carry the deletion.
enum RemoveCommand: Command {
    static let spec = CommandSpec(
        name: "rm",
        abstract: "Delete a login.",
        discussion: "On a terminal, asks for confirmation unless --force is given. An item that no longer decrypts (damaged) is removed with --force and its full id.",
        arguments: [ArgumentSpec("item", help: "The item's id, or its title (an unambiguous prefix is enough).")],
        options: [
            .flag("force", short: "f", help: "Do not ask for confirmation."),
            CommonOptions.passwordStdin, CommonOptions.json, CommonOptions.vault,
        ])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let service = try context.openService()
        let reference = arguments.argument("item") ?? ""
        let item: ItemView
        do {
            item = try service.resolve(reference)
        } catch {
            // An item that no longer decrypts can still be removed, by its full id only.
            guard error.code == .damaged, arguments.flag("force"), let id = UUID(uuidString: reference) else {
                throw error
            }
            try removeDamaged(id, service: service, context: context)
            return
        }
        if !arguments.flag("force"), Terminal.isStandardInputATerminal, !context.secrets.fromStandardInput {
            guard try Confirmation.ask("Delete '\(item.title)' (\(item.id.uuidString.lowercased().prefix(8)))? [y/N] ") else {
                throw CLIError("Nothing was deleted.")
            }
        }
        try service.delete(item.id)
        if context.wantsJSON {
            try context.printJSON(["id": item.id.uuidString.lowercased(), "deleted": "true"])
        } else {
            print("Deleted '\(item.title)'.")
        }
    }

    private static func removeDamaged(_ id: UUID, service: any UnlockedVault, context: CommandContext) throws {
        try service.delete(id)
        if context.wantsJSON {
            try context.printJSON(["id": id.uuidString.lowercased(), "deleted": "true"])
        } else {
            print("Deleted the damaged item \(id.uuidString.lowercased()).")
        }
    }
}
