import SesameAutoFill
import SesameTerminal

/// `sesame rm`: deletes a login. The row stays as a tombstone (no payload) so that sync can carry the deletion.
enum RemoveCommand: Command {
    static let spec = CommandSpec(
        name: "rm",
        abstract: "Delete a login.",
        discussion: "On a terminal, asks for confirmation unless --force is given.",
        arguments: [ArgumentSpec("item", help: "The item's id, or its title (an unambiguous prefix is enough).")],
        options: [
            .flag("force", short: "f", help: "Do not ask for confirmation."),
            CommonOptions.passwordStdin, CommonOptions.json, CommonOptions.vault,
        ])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let service = try context.openService()
        let item = try service.resolve(arguments.argument("item") ?? "")
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
}
