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
        declaring: Arguments.self,
        familiarNames: ["modify", "update", "change", "set", "rename", "mv"])

    struct Arguments: CommandArguments {
        let item: String
        let title: String?
        let username: String?
        let url: [String]
        let addUrl: [String]
        let removeUrl: [String]
        let notes: String?
        let match: String?
        let field: [String]
        let protectedField: [String]
        let removeField: [String]
        let password: Bool
        let generate: Bool
        let otp: Bool
        let removeOtp: Bool
        let generator: GenerateCommand.Choice
        let reveal: Bool
        let usage: CommandUsage

        init(_ decoder: inout ArgumentDecoder) {
            item = decoder.argument(CommonOptions.item) ?? ""
            title = decoder.value(.value("title", valueName: "title", help: "A new title."))
            username = decoder.value(ItemOptions.username)
            url = decoder.values(.repeatable("url", valueName: "url", help: "Replace all URLs with these (repeatable)."))
            addUrl = decoder.values(.repeatable("add-url", valueName: "url", help: "Add a URL (repeatable)."))
            removeUrl = decoder.values(.repeatable("remove-url", valueName: "url", help: "Remove a URL (repeatable)."))
            notes = decoder.value(ItemOptions.notes)
            match = decoder.value(ItemOptions.match)
            field = decoder.values(ItemOptions.field)
            protectedField = decoder.values(ItemOptions.protectedField)
            removeField = decoder.values(.repeatable("remove-field", valueName: "name", help: "Remove a custom field (repeatable)."))
            password = decoder.flag(.flag("password", short: "p", help: "Set a new password (asked for without echo)."))
            generate = decoder.flag(.flag("generate", short: "g", help: "Set a new, randomly generated password."))
            otp = decoder.flag(ItemOptions.oneTimeCode)
            removeOtp = decoder.flag(.flag("remove-otp", help: "Remove the login's one-time code."))
            generator = GenerateCommand.Choice(itemOptions: &decoder)
            reveal = decoder.flag(.flag("reveal", help: "Also print the new password."))
            decoder.shared(CommonOptions.passwordStdin, CommonOptions.json, CommonOptions.vault)
            usage = decoder.usage
        }
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        if arguments.password && arguments.generate {
            throw arguments.usage.error("Use either --password or --generate")
        }
        var change = ItemChange()
        change.title = arguments.title
        change.username = arguments.username
        let urls = try arguments.url.map { try ItemOptions.url($0, usage: arguments.usage) }
        if !urls.isEmpty { change.urls = urls }
        change.addURLs = try arguments.addUrl.map { try ItemOptions.url($0, usage: arguments.usage) }
        change.removeURLs = arguments.removeUrl
        change.notes = arguments.notes
        change.matchMode = try ItemOptions.matchMode(arguments.match, usage: arguments.usage)
        change.setFields = try ItemOptions.fields(arguments.field, usage: arguments.usage)
        change.removeFields = arguments.removeField
        let generating = arguments.generate
        // Options checked before the master password is asked for; the site's rules apply once the item is known.
        if generating { _ = try GenerateCommand.makeGenerator(arguments.generator) }
        if arguments.otp && arguments.removeOtp { throw arguments.usage.error("Use either --otp or --remove-otp") }
        if arguments.removeOtp { change.oneTimeCode = .some(nil) }
        guard !change.isEmpty || arguments.password || generating || arguments.otp
            || !arguments.protectedField.isEmpty
        else {
            throw arguments.usage.error("Nothing to change; give at least one option")
        }

        let service = try context.openService()
        let item = try context.resolve(arguments.item, in: service)
        if generating {
            // A generated password follows the configured rules of the item's first site, when there are some.
            let site = (change.urls ?? item.urls).first?.url
            let rules = try site.flatMap { try SiteRulesLookup.rules(for: $0, context: context, explicit: false) }
            change.password = try GenerateCommand.makeGenerator(arguments.generator, rules: rules).generate()
        } else if arguments.password {
            change.password = try context.secrets.read(.itemPassword(title: item.title)).utf8String()
        }
        if arguments.otp { change.oneTimeCode = try ItemOptions.oneTimeCode(title: item.title, secrets: context.secrets) }
        change.setFields += try ItemOptions.protectedFields(arguments.protectedField, usage: arguments.usage, secrets: context.secrets)
        let updated = try service.update(item.id, change)
        let reveal = arguments.reveal
        // The agent sends no secret back: the new password shown is the one this command sent.
        if context.wantsJSON {
            try context.printJSON(ItemJSON(updated, password: reveal ? change.password : nil))
        } else {
            print("Updated '\(updated.title)' (\(updated.id.uuidString.lowercased())).")
            if reveal, let password = change.password { print("Password: \(password)") }
        }
    }
}
