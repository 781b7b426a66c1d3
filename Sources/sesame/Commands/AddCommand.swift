import Foundation
import SesameAutoFill
import SesameStore
import SesameTerminal

/// `sesame add`: stores a new login.
enum AddCommand: Command {
    static let spec = CommandSpec(
        name: "add",
        abstract: "Add a login to the vault.",
        discussion: "The password is asked for without echo (twice on a terminal), read from standard input with --password-stdin (after the master password), or generated with --generate (following the site's rules from the password-rules file when one is configured and has the first URL's site). The one-time code setting (--otp) is asked for (or read) next, then the values of protected fields, in the order given.",
        arguments: [ArgumentSpec("title", help: "A name for the login, such as the site's name.")],
        options: [
            ItemOptions.username,
            .repeatable("url", valueName: "url", help: "A URL or domain the login belongs to (repeatable)."),
            ItemOptions.notes, ItemOptions.match, ItemOptions.field, ItemOptions.protectedField, ItemOptions.tag,
            ItemOptions.oneTimeCode,
            .flag("generate", short: "g", help: "Generate a random password instead of asking for one."),
        ] + GenerateCommand.generatorOptions + [
            .flag("reveal", help: "Also print the stored password (useful with --generate)."),
            CommonOptions.passwordStdin, CommonOptions.json, CommonOptions.vault,
        ])

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
        if let generator {
            item.password = try generator.generate()
        } else {
            item.password = try context.secrets.read(.itemPassword(title: title)).utf8String()
        }
        if arguments.flag("otp") { item.oneTimeCode = try ItemOptions.oneTimeCode(title: title, secrets: context.secrets) }
        item.fields += try ItemOptions.protectedFields(arguments, secrets: context.secrets)
        let stored = try service.add(item)
        let reveal = arguments.flag("reveal")
        if context.wantsJSON {
            try context.printJSON(ItemJSON(stored, revealed: reveal ? item : nil))
        } else {
            print("Added '\(stored.title)' (\(stored.id.uuidString.lowercased())).")
            if reveal { print("Password: \(item.password)") }
        }
    }
}
