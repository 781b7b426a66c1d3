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
        declaring: Arguments.self,
        familiarNames: ["insert", "new", "create", "store"])

    struct Arguments: CommandArguments {
        let title: String
        let username: String?
        let url: [String]
        let notes: String?
        let match: String?
        let field: [String]
        let protectedField: [String]
        let tag: [String]
        let otp: Bool
        let generate: Bool
        let generator: GenerateCommand.Choice
        let reveal: Bool
        let force: Bool
        let usage: CommandUsage

        init(_ decoder: inout ArgumentDecoder) {
            title = decoder.argument(ArgumentSpec("title", help: "A name for the login, such as the site's name.")) ?? ""
            username = decoder.value(ItemOptions.username)
            url = decoder.values(.repeatable("url", valueName: "url", help: "A URL or domain the login belongs to (repeatable)."))
            notes = decoder.value(ItemOptions.notes)
            match = decoder.value(ItemOptions.match)
            field = decoder.values(ItemOptions.field)
            protectedField = decoder.values(ItemOptions.protectedField)
            tag = decoder.values(ItemOptions.tag)
            otp = decoder.flag(ItemOptions.oneTimeCode)
            generate = decoder.flag(.flag("generate", short: "g", help: "Generate a random password instead of asking for one."))
            generator = GenerateCommand.Choice(itemOptions: &decoder)
            reveal = decoder.flag(.flag("reveal", help: "Also print the stored password (useful with --generate)."))
            force = decoder.flag(.flag("force", short: "f", help: "Add it even when a login with this title and user name exists."))
            decoder.shared(CommonOptions.passwordStdin, CommonOptions.json, CommonOptions.vault)
            usage = decoder.usage
        }
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        let title = arguments.title
        guard !title.trimmingCharacters(in: .whitespaces).isEmpty else { throw arguments.usage.error("The title is empty") }
        let urls = try arguments.url.map { try ItemOptions.url($0, usage: arguments.usage) }
        // A generated password follows the configured rules of the first URL's site, when there are some.
        var siteRules: PasswordRules?
        if arguments.generate, let first = urls.first {
            siteRules = try SiteRulesLookup.rules(for: first.url, context: context, explicit: false)
        }
        let generator = arguments.generate ? try GenerateCommand.makeGenerator(arguments.generator, rules: siteRules) : nil
        var item = Item(
            title: title, username: arguments.username ?? "", urls: urls,
            notes: arguments.notes ?? "", fields: try ItemOptions.fields(arguments.field, usage: arguments.usage),
            tags: arguments.tag, matchMode: try ItemOptions.matchMode(arguments.match, usage: arguments.usage) ?? .domain)

        let service = try context.openService()
        // Checked before the password is asked for: a duplicate is usually a login that should be edited.
        let sameTitle = try service.list(.active).items.filter { $0.title.lowercased() == title.lowercased() }
        if let twin = sameTitle.first(where: { $0.username == item.username }), !arguments.force {
            throw CLIError("'\(twin.title)' with \(twin.username.isEmpty ? "no user name" : "the user name '\(twin.username)'") is in the vault already (\(twin.id.uuidString.lowercased().prefix(8))); change it with 'sesame edit', or add --force to keep both.")
        }
        if let generator {
            item.password = try generator.generate()
        } else {
            item.password = try context.secrets.read(.itemPassword(title: title)).utf8String()
        }
        if arguments.otp { item.oneTimeCode = try ItemOptions.oneTimeCode(title: title, secrets: context.secrets) }
        item.fields += try ItemOptions.protectedFields(arguments.protectedField, usage: arguments.usage, secrets: context.secrets)
        let stored = try service.add(item)
        if !sameTitle.isEmpty {
            Terminal.writeToStandardError("Note: \(sameTitle.count + 1) logins are titled '\(stored.title)' now; commands that name it ask which one at a terminal (elsewhere, use the id).\n")
        }
        let reveal = arguments.reveal
        if context.wantsJSON {
            try context.printJSON(ItemJSON(stored, revealed: reveal ? item : nil))
        } else {
            print("Added '\(stored.title)' (\(stored.id.uuidString.lowercased())).")
            if reveal { print("Password: \(item.password)") }
        }
    }
}
