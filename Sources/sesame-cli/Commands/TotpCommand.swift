import SesameAutoFill
import SesameCommandContract
import SesameTerminal

/// `sesame totp`: the current one-time code of a login.
enum TotpCommand: Command {
    static let spec = CommandSpec(
        name: FrontServedCommand.totp.rawValue,
        abstract: "Print a login's current one-time code and the seconds it stays valid.",
        discussion: "The code follows RFC 6238 from the one-time code setting stored with 'sesame add --otp' or 'sesame edit --otp'.",
        declaring: Arguments.self,
        familiarNames: ["otp", "code", "2fa"])

    struct Arguments: CommandArguments {
        let item: String
        let clip: Bool
        let clearAfter: String?
        let usage: CommandUsage

        init(_ decoder: inout ArgumentDecoder) {
            item = decoder.argument(CommonOptions.item) ?? ""
            clip = decoder.flag(.flag("clip", short: "c", help: "Copy the code to the clipboard instead of printing it (cleared after --clear-after)."))
            clearAfter = decoder.value(Clipboard.clearAfterOption)
            decoder.shared(CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault)
            usage = decoder.usage
        }
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        let service = try context.openService()
        let item = try context.resolve(arguments.item, in: service)
        let code = try service.oneTimeCode(for: item.id)
        if arguments.clip {
            let clearAfter = try Clipboard.clearAfter(arguments.clearAfter, usage: arguments.usage)
            let via = try Clipboard.copy(code.code, clearAfter: clearAfter, environment: context.environment)
            CopyCommand.report(copied: "the one-time code (\(code.remaining) s left)", of: item.title, id: item.id,
                               field: "otp", clearAfter: clearAfter, via: via, context: context)
            return
        }
        if context.wantsJSON {
            try context.printJSON(code)
        } else {
            print(CommandOutput.oneTimeCode(code.code, remaining: code.remaining))
        }
    }
}
