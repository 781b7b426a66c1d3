import SesameAutoFill
import SesameCommandContract
import SesameTerminal

/// `sesame fill`: the credential a credential provider would hand a login form.
enum FillCommand: Command {
    static let spec = CommandSpec(
        name: FrontServedCommand.fill.rawValue,
        abstract: "Print the user name and password a login form would be filled with.",
        discussion: "Takes the best match as 'sesame match' ranks them, or the best match of the user given with --username (the exact user name, else ignoring case), and records the use, which ranks it first next time. Exits with status 1 when no login matches.",
        declaring: Arguments.self)

    struct Arguments: CommandArguments {
        let urlOrDomain: [String]
        let username: String?
        let otp: Bool
        let usage: CommandUsage

        init(_ decoder: inout ArgumentDecoder) {
            urlOrDomain = decoder.arguments(ArgumentSpec("url-or-domain", help: "A URL or domain of the login form (several: most specific first).",
                         isVariadic: true))
            username = decoder.value(.served(.fillUsername, valueName: "name", help: "Fill this user's login rather than the best match."))
            otp = decoder.flag(.flag("otp", help: "Print the login's current one-time code instead of its password."))
            decoder.shared(CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault)
            usage = decoder.usage
        }
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        let form = try FormIdentifiers(arguments.urlOrDomain, usage: arguments.usage)
        let service = try context.openService()
        let credential = try service.fill(form.identifiers, username: arguments.username)
        if arguments.otp {
            let code = try service.oneTimeCode(for: credential.id)
            if context.wantsJSON {
                try context.printJSON(FillCodeJSON(
                    id: credential.id.uuidString.lowercased(), username: credential.username, code: code.code,
                    remaining: code.remaining))
            } else {
                print("Username: \(credential.username)")
                print("Code: \(code.code)")
            }
        } else if context.wantsJSON {
            try context.printJSON(FillJSON(
                id: credential.id.uuidString.lowercased(), username: credential.username, password: credential.password))
        } else {
            for line in CommandOutput.fill(username: credential.username, password: credential.password) { print(line) }
        }
    }
}

/// The stable JSON shape of `sesame fill`.
struct FillJSON: Encodable {
    typealias CodingKeys = CommandJSON.Fill

    var id: String
    var username: String
    var password: String
}

/// The stable JSON shape of `sesame fill --otp`.
struct FillCodeJSON: Encodable {
    var id: String
    var username: String
    var code: String
    var remaining: Int
}
