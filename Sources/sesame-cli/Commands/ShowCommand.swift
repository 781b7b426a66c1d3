import SesameAutoFill
import SesameCommandContract
import SesameStore
import SesameTerminal

/// `sesame show`: one login in full; the password only on request.
enum ShowCommand: Command {
    static let spec = CommandSpec(
        name: FrontServedCommand.show.rawValue,
        abstract: "Show one login; its password only with --reveal.",
        declaring: Arguments.self,
        familiarNames: ["cat", "view", "display", "info"])

    struct Arguments: CommandArguments {
        let item: String
        let reveal: Bool

        init(_ decoder: inout ArgumentDecoder) {
            item = decoder.argument(CommonOptions.item) ?? ""
            reveal = decoder.flag(.served(.reveal, help: "Show the password, protected fields and password history."))
            decoder.shared(CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault)
        }
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        let service = try context.openService()
        let item = try context.resolve(arguments.item, in: service)
        // Secrets are asked for only when shown, for this one item.
        let revealed = arguments.reveal ? try service.reveal(item.id) : nil
        if context.wantsJSON {
            try context.printJSON(ItemJSON(item, revealed: revealed))
        } else {
            ItemText.print(item, revealed: revealed)
        }
    }
}
