import Foundation
import SesameAutoFill
import SesameCommandContract
import SesameStore
import SesameTerminal

/// `sesame list [QUERY] [--tag T]... [--sort KEY]`: the logins, without secrets; paged on a terminal.
enum ListCommand: Command {
    static let spec = CommandSpec(
        name: FrontServedCommand.list.rawValue,
        abstract: "List the logins in the vault (never their passwords).",
        discussion: "QUERY keeps the logins whose title, user name, URLs or tags contain each of its words (case ignored); --tag keeps those with every tag given. On a terminal a list taller than the window goes through $PAGER (else less).",
        declaring: Arguments.self,
        familiarNames: ["ls", "find", "search", "items"])

    static let sortOption = OptionSpec.value(
        "sort", valueName: "key", help: "title (default), username, modified or created (newest first).",
        completion: .values(ItemListQuery.Order.allCases.map(\.rawValue)))

    struct Arguments: CommandArguments {
        let query: [String]
        let tags: [String]
        let sort: String?
        let noPager: Bool
        let usage: CommandUsage

        init(_ decoder: inout ArgumentDecoder) {
            query = decoder.arguments(ArgumentSpec(
                "query", help: "Words to look for in titles, user names, URLs and tags.", isOptional: true, isVariadic: true))
            tags = decoder.values(.repeatable(
                "tag", short: "t", valueName: "tag", help: "Only logins with this tag (repeatable: all of them)."))
            sort = decoder.value(sortOption)
            noPager = decoder.flag(.flag("no-pager", help: "Print everything at once, even on a terminal."))
            decoder.shared(CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault)
            usage = decoder.usage
        }
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        let order = try arguments.usage.converted(arguments.sort, of: sortOption) { ItemListQuery.Order(rawValue: $0.lowercased()) } ?? .title
        let text = arguments.query.joined(separator: " ")
        let query = ItemListQuery(text: text, tags: arguments.tags, order: order)
        let service = try context.openService()
        let (all, damaged) = try service.list(.active)
        let items = query.apply(all)
        if context.wantsJSON {
            try context.printJSON(items.map(SummaryJSON.init))
        } else if all.isEmpty && damaged.isEmpty {
            print(CommandOutput.emptyVault)
        } else if items.isEmpty {
            print("No login matches; 'sesame list' shows them all.")
        } else {
            let table = SummaryTable.render(items)
            if arguments.noPager { Swift.print(table, terminator: "") } else { Pager.print(table, environment: context.environment) }
        }
        // Damaged items never hide the others; they are reported, and the exit status says something is wrong.
        for message in damaged { Terminal.writeToStandardError("Warning: \(message)\n") }
        if !damaged.isEmpty { throw ExitStatus.failure }
    }
}
