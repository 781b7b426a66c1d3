import Foundation
import SesameAutoFill
import SesameStore
import SesameTerminal

/// `sesame trash`: credentials a service rejected (git `erase`) wait here instead of being destroyed.
enum TrashCommand: Command {
    static let listSpec = CommandSpec(
        name: "list", abstract: "List the items in the trash.",
        options: [CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault])
    static let restoreSpec = CommandSpec(
        name: "restore", abstract: "Move an item from the trash back into the vault.",
        arguments: [ArgumentSpec("item", help: "The item's id, or its title (an unambiguous prefix is enough).")],
        options: [CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault])
    static let removeSpec = CommandSpec(
        name: "rm", abstract: "Delete an item in the trash for good.",
        arguments: [ArgumentSpec("item", help: "The item's id, or its title (an unambiguous prefix is enough).")],
        options: [CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault])

    static let spec = CommandSpec(
        name: "trash",
        abstract: "List, restore or delete items in the trash.",
        discussion: "Credentials a service rejected (for example when git reports a failed login) are moved here, never destroyed.",
        subcommands: [listSpec, restoreSpec, removeSpec].map { SubcommandSpec($0.name, abstract: $0.abstract) })

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        guard let name = arguments.subcommand,
            let sub = [listSpec, restoreSpec, removeSpec].first(where: { $0.name == name })
        else {
            throw arguments.usageError(arguments.subcommand.map { "Unknown subcommand '\($0)'" } ?? "Missing a subcommand")
        }
        let path = arguments.subcommandPath ?? "sesame trash \(name)"
        let parsed: ParsedArguments
        switch try sub.parse(arguments.subcommandArguments, commandPath: path) {
        case .helpRequested, .versionRequested:
            print(sub.helpText(commandPath: path), terminator: "")
            return
        case .arguments(let value):
            parsed = value
        }
        let context = CommandContext(arguments: parsed)
        let service = try context.openService()
        switch name {
        case "list":
            let (items, damaged) = try service.list(.trashed)
            if context.wantsJSON {
                try context.printJSON(items.map(SummaryJSON.init))
            } else if items.isEmpty {
                print("The trash is empty.")
            } else {
                SummaryTable.print(items)
            }
            for message in damaged { Terminal.writeToStandardError("Warning: \(message)\n") }
        case "restore":
            let item = try service.resolve(parsed.argument("item") ?? "", in: [.trashed])
            try service.restore(item.id)
            if context.wantsJSON {
                try context.printJSON(["id": item.id.uuidString.lowercased(), "restored": "true"])
            } else {
                print("Restored '\(item.title)'.")
            }
        default:
            let item = try service.resolve(parsed.argument("item") ?? "", in: [.trashed])
            try service.delete(item.id)
            if context.wantsJSON {
                try context.printJSON(["id": item.id.uuidString.lowercased(), "deleted": "true"])
            } else {
                print("Deleted '\(item.title)' for good.")
            }
        }
    }
}
