import Foundation
import SesameAutoFill
import SesameStore
import SesameTerminal

/// `sesame add`: stores a new login.
enum AddCommand: Command {
    static let spec = CommandSpec(
        name: "add",
        abstract: "Add a login to the vault.",
        discussion: "A login with the same title and user name as one in the vault is refused unless --force (change that one with 'sesame edit'); the same title with another user name is added, with a note that commands naming it will ask which one. The password is asked for without echo (twice on a terminal), read from standard input with --password-stdin (after the master password), or generated with --generate (following the site's rules from the password-rules file when one is configured and has the first URL's site). The one-time code setting (--otp) is asked for (or read) next, then the values of protected fields, in the order given.",
        arguments: [ArgumentSpec("title", help: "A name for the login, such as the site's name.")],
        options: [
            ItemOptions.username,
            .repeatable("url", valueName: "url", help: "A URL or domain the login belongs to (repeatable)."),
            ItemOptions.notes, ItemOptions.match, ItemOptions.field, ItemOptions.protectedField, ItemOptions.tag,
            ItemOptions.oneTimeCode,
            .flag("generate", short: "g", help: "Generate a random password instead of asking for one."),
        ] + GenerateCommand.generatorOptions + [
            .flag("reveal", help: "Also print the stored password (useful with --generate)."),
            .flag("force", short: "f", help: "Add it even when a login with this title and user name exists."),
            CommonOptions.passwordStdin, CommonOptions.json, CommonOptions.vault,
        ],
        familiarNames: ["insert", "new", "create", "store"])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let title = arguments.argument("title") ?? ""
        guard !title.trimmingCharacters(in: .whitespaces).isEmpty else { throw arguments.usageError("The title is empty") }
        let urls = try arguments.values("url").map { try ItemOptions.url($0, arguments) }
        // A generated password follows the configured rules of the first URL's site, when there are some.
        var siteRules: PasswordRules?
        if arguments.flag("generate"), let first = urls.first {
            siteRules = try SiteRulesLookup.rules(for: first.url, context: context, explicit: false)
        }
        let generator = arguments.flag("generate") ? try GenerateCommand.makeGenerator(arguments, rules: siteRules) : nil
        var item = Item(
            title: title, username: arguments.value("username") ?? "", urls: urls,
            notes: arguments.value("notes") ?? "", fields: try ItemOptions.fields(arguments),
            tags: arguments.values("tag"), matchMode: try ItemOptions.matchMode(arguments) ?? .domain)

        let service = try context.openService()
        // Checked before the password is asked for: a duplicate is usually a login that should be edited.
        let sameTitle = try service.list(.active).items.filter { $0.title.lowercased() == title.lowercased() }
        if let twin = sameTitle.first(where: { $0.username == item.username }), !arguments.flag("force") {
            throw CLIError("'\(twin.title)' with \(twin.username.isEmpty ? "no user name" : "the user name '\(twin.username)'") is in the vault already (\(twin.id.uuidString.lowercased().prefix(8))); change it with 'sesame edit', or add --force to keep both.")
        }
        if let generator {
            item.password = try generator.generate()
        } else {
            item.password = try context.secrets.read(.itemPassword(title: title)).utf8String()
        }
        if arguments.flag("otp") { item.oneTimeCode = try ItemOptions.oneTimeCode(title: title, secrets: context.secrets) }
        item.fields += try ItemOptions.protectedFields(arguments, secrets: context.secrets)
        let stored = try service.add(item)
        if !sameTitle.isEmpty {
            Terminal.writeToStandardError("Note: \(sameTitle.count + 1) logins are titled '\(stored.title)' now; commands that name it ask which one at a terminal (elsewhere, use the id).\n")
        }
        let reveal = arguments.flag("reveal")
        if context.wantsJSON {
            try context.printJSON(ItemJSON(stored, revealed: reveal ? item : nil))
        } else {
            print("Added '\(stored.title)' (\(stored.id.uuidString.lowercased())).")
            if reveal { print("Password: \(item.password)") }
        }
    }
}
