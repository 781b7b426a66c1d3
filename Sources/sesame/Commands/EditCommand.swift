import Foundation
import SesameAutoFill
import SesameStore
import SesameTerminal

/// `sesame edit`: changes fields of one login. A changed password moves the old one into the history.
enum EditCommand: Command {
    static let spec = CommandSpec(
        name: "edit",
        abstract: "Change a login's fields or password.",
        discussion: "Only the fields given change. With --password the new password is asked for without echo (or read from standard input with --password-stdin, after the master password); the old one is kept in the item's history.",
        arguments: [ArgumentSpec("item", help: "The item's id, or its title (an unambiguous prefix is enough).")],
        options: [
            .value("title", valueName: "title", help: "A new title."),
            ItemOptions.username,
            .repeatable("url", valueName: "url", help: "Replace all URLs with these (repeatable)."),
            .repeatable("add-url", valueName: "url", help: "Add a URL (repeatable)."),
            .repeatable("remove-url", valueName: "url", help: "Remove a URL (repeatable)."),
            ItemOptions.notes, ItemOptions.match, ItemOptions.field, ItemOptions.protectedField,
            .repeatable("remove-field", valueName: "name", help: "Remove a custom field (repeatable)."),
            .flag("password", short: "p", help: "Set a new password (asked for without echo)."),
            .flag("generate", short: "g", help: "Set a new, randomly generated password."),
            ItemOptions.oneTimeCode,
            .flag("remove-otp", help: "Remove the login's one-time code."),
        ] + GenerateCommand.generatorOptions + [
            .flag("reveal", help: "Also print the new password."),
            CommonOptions.passwordStdin, CommonOptions.json, CommonOptions.vault,
        ],
        familiarNames: ["modify", "update", "change", "set", "rename", "mv"])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        if arguments.flag("password") && arguments.flag("generate") {
            throw arguments.usageError("Use either --password or --generate")
        }
        var change = ItemChange()
        change.title = arguments.value("title")
        change.username = arguments.value("username")
        let urls = try arguments.values("url").map { try ItemOptions.url($0, arguments) }
        if !urls.isEmpty { change.urls = urls }
        change.addURLs = try arguments.values("add-url").map { try ItemOptions.url($0, arguments) }
        change.removeURLs = arguments.values("remove-url")
        change.notes = arguments.value("notes")
        change.matchMode = try ItemOptions.matchMode(arguments)
        change.setFields = try ItemOptions.fields(arguments)
        change.removeFields = arguments.values("remove-field")
        let generating = arguments.flag("generate")
        // Options checked before the master password is asked for; the site's rules apply once the item is known.
        if generating { _ = try GenerateCommand.makeGenerator(arguments) }
        if arguments.flag("otp") && arguments.flag("remove-otp") { throw arguments.usageError("Use either --otp or --remove-otp") }
        if arguments.flag("remove-otp") { change.oneTimeCode = .some(nil) }
        guard !change.isEmpty || arguments.flag("password") || generating || arguments.flag("otp")
            || !arguments.values("protected-field").isEmpty
        else {
            throw arguments.usageError("Nothing to change; give at least one option")
        }

        let service = try context.openService()
        let item = try context.resolve(arguments.argument("item") ?? "", in: service)
        if generating {
            // A generated password follows the configured rules of the item's first site, when there are some.
            let site = (change.urls ?? item.urls).first?.url
            let rules = try site.flatMap { try SiteRulesLookup.rules(for: $0, context: context, explicit: false) }
            change.password = try GenerateCommand.makeGenerator(arguments, rules: rules).generate()
        } else if arguments.flag("password") {
            change.password = try context.secrets.read(.itemPassword(title: item.title)).utf8String()
        }
        if arguments.flag("otp") { change.oneTimeCode = try ItemOptions.oneTimeCode(title: item.title, secrets: context.secrets) }
        change.setFields += try ItemOptions.protectedFields(arguments, secrets: context.secrets)
        let updated = try service.update(item.id, change)
        let reveal = arguments.flag("reveal")
        // The agent sends no secret back: the new password shown is the one this command sent.
        if context.wantsJSON {
            try context.printJSON(ItemJSON(updated, password: reveal ? change.password : nil))
        } else {
            print("Updated '\(updated.title)' (\(updated.id.uuidString.lowercased())).")
            if reveal, let password = change.password { print("Password: \(password)") }
        }
    }
}
