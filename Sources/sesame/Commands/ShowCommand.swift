import SesameAutoFill
import SesameStore
import SesameTerminal

/// `sesame show`: one login in full; the password only on request.
enum ShowCommand: Command {
    static let spec = CommandSpec(
        name: "show",
        abstract: "Show one login; its password only with --reveal.",
        arguments: [ArgumentSpec("item", help: "The item's id, or its title (an unambiguous prefix is enough).")],
        options: [
            .flag("reveal", short: "r", help: "Show the password, protected fields and password history."),
            CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault,
        ],
        familiarNames: ["cat", "view", "display", "info"])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let service = try context.openService()
        let item = try context.resolve(arguments.argument("item") ?? "", in: service)
        // Secrets are asked for only when shown, for this one item.
        let revealed = arguments.flag("reveal") ? try service.reveal(item.id) : nil
        if context.wantsJSON {
            try context.printJSON(ItemJSON(item, revealed: revealed))
        } else {
            ItemText.print(item, revealed: revealed)
        }
    }
}
