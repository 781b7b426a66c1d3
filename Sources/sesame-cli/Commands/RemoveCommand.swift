import Foundation
import SesameAutoFill
import SesameStore
import SesameTerminal

/// `sesame rm`: moves a login to the trash, where `sesame trash restore` brings it back; `--permanent` deletes it
/// (the row stays as a tombstone without payload, so that sync can carry the deletion).
enum RemoveCommand: Command {
    static let spec = CommandSpec(
        name: "rm",
        abstract: "Move a login to the trash (or delete it for good with --permanent).",
        discussion: "The item moves to the trash: 'sesame trash list' shows it, 'sesame trash restore' brings it back, 'sesame trash rm' deletes it for good. With --permanent it is deleted at once, after a confirmation on a terminal unless --force is given. An item that no longer decrypts (damaged) cannot go to the trash: remove it with --force and its full id.",
        declaring: Arguments.self,
        familiarNames: ["delete", "remove", "del", "erase", "trash-put"])

    struct Arguments: CommandArguments {
        let item: String
        let permanent: Bool
        let force: Bool

        init(_ decoder: inout ArgumentDecoder) {
            item = decoder.argument(CommonOptions.item) ?? ""
            permanent = decoder.flag(.flag("permanent", help: "Delete for good instead of moving to the trash."))
            force = decoder.flag(.flag(
                "force", short: "f", help: "Do not ask for confirmation (with --permanent, or for a damaged item)."))
            decoder.shared(CommonOptions.passwordStdin, CommonOptions.json, CommonOptions.vault)
        }
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        let service = try context.openService()
        let reference = arguments.item
        let permanent = arguments.permanent
        let item: ItemView
        do {
            item = try context.resolve(reference, in: service)
        } catch let error as ServiceFailure {
            // An item that no longer decrypts can still be removed, by its full id only.
            guard error.code == .damaged, arguments.force, let id = UUID(uuidString: reference) else {
                throw error
            }
            try removeDamaged(id, service: service, context: context)
            return
        }
        guard permanent else {
            try service.moveToTrash(item.id)
            if context.wantsJSON {
                try context.printJSON(["id": item.id.uuidString.lowercased(), "trashed": "true"])
            } else {
                print("Moved '\(item.title)' to the trash; 'sesame trash restore \(item.id.uuidString.lowercased().prefix(8))' brings it back.")
            }
            return
        }
        if !arguments.force, Terminal.isStandardInputATerminal, !context.secrets.fromStandardInput {
            guard try Confirmation.ask("Delete '\(item.title)' (\(item.id.uuidString.lowercased().prefix(8))) for good? [y/N] ") else {
                throw CLIError("Nothing was deleted.")
            }
        }
        try service.delete(item.id)
        if context.wantsJSON {
            try context.printJSON(["id": item.id.uuidString.lowercased(), "deleted": "true"])
        } else {
            print("Deleted '\(item.title)' for good.")
        }
    }

    private static func removeDamaged(_ id: UUID, service: any VaultItems, context: CommandContext) throws {
        try service.delete(id)
        if context.wantsJSON {
            try context.printJSON(["id": id.uuidString.lowercased(), "deleted": "true"])
        } else {
            print("Deleted the damaged item \(id.uuidString.lowercased()) for good.")
        }
    }
}
