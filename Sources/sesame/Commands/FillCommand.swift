import SesameAutoFill
import SesameTerminal

/// `sesame fill`: the credential a credential provider would hand a login form.
enum FillCommand: Command {
    static let spec = CommandSpec(
        name: "fill",
        abstract: "Print the user name and password a login form would be filled with.",
        discussion: "Takes the best match as 'sesame match' ranks them, or the best match of the user given with --username (the exact user name, else ignoring case), and records the use, which ranks it first next time. Exits with status 1 when no login matches.",
        arguments: [
            ArgumentSpec("url-or-domain", help: "A URL or domain of the login form (several: most specific first).",
                         isVariadic: true),
        ],
        options: [
            .value("username", short: "u", valueName: "name", help: "Fill this user's login rather than the best match."),
            .flag("otp", help: "Print the login's current one-time code instead of its password."),
            CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault,
        ])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let form = try FormIdentifiers(arguments.arguments("url-or-domain"), arguments)
        let service = try context.openService()
        let credential = try service.fill(form.identifiers, username: arguments.value("username"))
        if arguments.flag("otp") {
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
            print("Username: \(credential.username)")
            print("Password: \(credential.password)")
        }
    }
}

/// The stable JSON shape of `sesame fill`.
struct FillJSON: Encodable {
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
