import Foundation
import SesameAutoFill
import SesameStore
import SesameTerminal

/// `sesame trash`: what `rm` removed and credentials a service rejected (git `erase`) wait here instead of being
/// destroyed. Alone, it lists them (as `sesame conflicts` does), which is what people type first.
enum TrashCommand: Command {
    static var subcommands: [any Command.Type] { [List.self, Restore.self, Remove.self] }

    static let spec = CommandSpec(
        name: "trash",
        abstract: "List, restore or delete items in the trash.",
        discussion: "Without a subcommand: lists the items in the trash. Items 'sesame rm' removed (without --permanent) and credentials a service rejected (for example when git reports a failed login) are moved here, never destroyed.",
        declaring: Arguments.self,
        subcommands: subcommandSpecs,
        runsWithoutSubcommand: true)

    /// What `trash` and `trash list` read: only the options every command shares.
    struct Arguments: CommandArguments {
        init(_ decoder: inout ArgumentDecoder) {
            decoder.shared(CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault)
        }
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        try List.run(arguments, context: context)
    }

    /// What `trash restore` and `trash rm` read: the item in the trash, and the options every command shares.
    struct TrashedItemArguments: CommandArguments {
        let item: String

        init(_ decoder: inout ArgumentDecoder) {
            item = decoder.argument(CommonOptions.item) ?? ""
            decoder.shared(CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault)
        }
    }

    /// `sesame trash list`
    enum List: Command {
        static let spec = CommandSpec(
            name: "list", abstract: "List the items in the trash.",
            declaring: TrashCommand.Arguments.self)

        static func run(_ arguments: TrashCommand.Arguments, context: CommandContext) throws {
            let (items, damaged) = try context.openService().list(.trashed)
            if context.wantsJSON {
                try context.printJSON(items.map(SummaryJSON.init))
            } else if items.isEmpty {
                print("The trash is empty.")
            } else {
                SummaryTable.print(items)
            }
            for message in damaged { Terminal.writeToStandardError("Warning: \(message)\n") }
        }
    }

    /// `sesame trash restore`
    enum Restore: Command {
        static let spec = CommandSpec(
            name: "restore", abstract: "Move an item from the trash back into the vault.",
            declaring: TrashedItemArguments.self)

        static func run(_ arguments: TrashedItemArguments, context: CommandContext) throws {
            let service = try context.openService()
            let item = try context.resolve(arguments.item, in: service, states: [.trashed])
            try service.restore(item.id)
            if context.wantsJSON {
                try context.printJSON(["id": item.id.uuidString.lowercased(), "restored": "true"])
            } else {
                print("Restored '\(item.title)'.")
            }
        }
    }

    /// `sesame trash rm`
    enum Remove: Command {
        static let spec = CommandSpec(
            name: "rm", abstract: "Delete an item in the trash for good.",
            declaring: TrashedItemArguments.self)

        static func run(_ arguments: TrashedItemArguments, context: CommandContext) throws {
            let service = try context.openService()
            let item = try context.resolve(arguments.item, in: service, states: [.trashed])
            try service.delete(item.id)
            if context.wantsJSON {
                try context.printJSON(["id": item.id.uuidString.lowercased(), "deleted": "true"])
            } else {
                print("Deleted '\(item.title)' for good.")
            }
        }
    }
}
