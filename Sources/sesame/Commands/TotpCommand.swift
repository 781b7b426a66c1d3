import SesameAutoFill
import SesameTerminal

/// `sesame totp`: the current one-time code of a login.
enum TotpCommand: Command {
    static let spec = CommandSpec(
        name: "totp",
        abstract: "Print a login's current one-time code and the seconds it stays valid.",
        discussion: "The code follows RFC 6238 from the one-time code setting stored with 'sesame add --otp' or 'sesame edit --otp'.",
        arguments: [ArgumentSpec("item", help: "The item's id, or its title (an unambiguous prefix is enough).")],
        options: [CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let service = try context.openService()
        let item = try service.resolve(arguments.argument("item") ?? "")
        let code = try service.oneTimeCode(for: item.id)
        if context.wantsJSON {
            try context.printJSON(code)
        } else {
            print("\(code.code) (\(code.remaining) s left)")
        }
    }
}
