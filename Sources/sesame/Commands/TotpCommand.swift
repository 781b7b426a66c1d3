import SesameAutoFill
import SesameTerminal

/// `sesame totp`: the current one-time code of a login.
enum TotpCommand: Command {
    static let spec = CommandSpec(
        name: "totp",
        abstract: "Print a login's current one-time code and the seconds it stays valid.",
        discussion: "The code follows RFC 6238 from the one-time code setting stored with 'sesame add --otp' or 'sesame edit --otp'.",
        arguments: [ArgumentSpec("item", help: "The item's id, or its title (an unambiguous prefix is enough).")],
        options: [
            .flag("clip", short: "c", help: "Copy the code to the clipboard instead of printing it (cleared after --clear-after)."),
            Clipboard.clearAfterOption, CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault,
        ],
        familiarNames: ["otp", "code", "2fa"])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let service = try context.openService()
        let item = try context.resolve(arguments.argument("item") ?? "", in: service)
        let code = try service.oneTimeCode(for: item.id)
        if arguments.flag("clip") {
            let clearAfter = try Clipboard.clearAfter(arguments)
            let via = try Clipboard.copy(code.code, clearAfter: clearAfter, environment: context.environment)
            CopyCommand.report(copied: "the one-time code (\(code.remaining) s left)", of: item.title, id: item.id,
                               field: "otp", clearAfter: clearAfter, via: via, context: context)
            return
        }
        if context.wantsJSON {
            try context.printJSON(code)
        } else {
            print("\(code.code) (\(code.remaining) s left)")
        }
    }
}
