import Foundation
import SesameAutoFill
import SesameAutoType
import SesameAutoTypeRules
import SesameTerminal
import SesameTerminalText

extension AutoTypeCommand {
    /// `sesame autotype rule`: which login goes to which window.
    enum Rule: CommandGroup {
        static var subcommands: [any Command.Type] { [Add.self, List.self, Remove.self] }

        static let spec = CommandSpec(
            name: "rule",
            abstract: "Manage which login Auto-Type types into which window.",
            discussion: "A rule names windows by title pattern ('*' stands for any text; the whole title must match, case ignored) or by window class (X11 WM_CLASS, class or instance, case ignored). Rules come before the sites named in titles. They are stored encrypted in the vault.",
            subcommands: subcommandSpecs)

        /// `sesame autotype rule add`
        enum Add: Command {
            static let spec = CommandSpec(
                name: "add",
                abstract: "Type an item into the windows a title pattern or class names.",
                declaring: Arguments.self)

            struct Arguments: CommandArguments {
                let item: String
                let title: String?
                let windowClass: String?
                let sequence: String?
                let usage: CommandUsage

                init(_ decoder: inout ArgumentDecoder) {
                    item = decoder.argument(ArgumentSpec("item", help: "The item (id, id prefix, title or title prefix).")) ?? ""
                    title = decoder.value(.value("title", valueName: "pattern", help: "Windows whose whole title matches, '*' for any text."))
                    windowClass = decoder.value(.value("class", valueName: "name", help: "Windows of this class or instance (WM_CLASS)."))
                    sequence = decoder.value(.value("sequence", valueName: "keys", help: "Type this sequence in these windows (KeePass syntax)."))
                    decoder.shared(CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault)
                    usage = decoder.usage
                }
            }

            static func run(_ arguments: Arguments, context: CommandContext) throws {
                let title = arguments.title, windowClass = arguments.windowClass
                guard (title == nil) != (windowClass == nil) else {
                    throw arguments.usage.error("Give either --title or --class")
                }
                let service = try context.openService()
                let item = try context.resolve(arguments.item, in: service)
                let rule = try service.addAutoTypeRule(AutoTypeRule(
                    titlePattern: title, windowClass: windowClass, itemID: item.id, sequence: arguments.sequence))
                if context.wantsJSON {
                    try context.printJSON(rule)
                } else {
                    print("Added rule \(Rule.shortID(rule)): \(Rule.describeWindows(rule)) get '\(item.title)'.")
                }
            }
        }

        /// `sesame autotype rule list`
        enum List: Command {
            static let spec = CommandSpec(
                name: "list",
                abstract: "List the Auto-Type rules.",
                declaring: Arguments.self)

            struct Arguments: CommandArguments {
                init(_ decoder: inout ArgumentDecoder) {
                    decoder.shared(CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault)
                }
            }

            static func run(_ arguments: Arguments, context: CommandContext) throws {
                let service = try context.openService()
                let rules = try service.autoTypeRules()
                if context.wantsJSON {
                    try context.printJSON(rules)
                    return
                }
                guard !rules.isEmpty else {
                    print("No Auto-Type rules; add one with 'sesame autotype rule add'.")
                    return
                }
                let titles = Dictionary(try service.list().items.map { ($0.id, $0.title) }) { first, _ in first }
                var table = Table(headers: ["ID", "WINDOWS", "ITEM", "SEQUENCE"])
                for rule in rules {
                    table.append([Rule.shortID(rule), Rule.describeWindows(rule),
                                  titles[rule.itemID] ?? "(deleted item)", rule.sequence ?? ""])
                }
                table.print()
            }
        }

        /// `sesame autotype rule rm`
        enum Remove: Command {
            static let spec = CommandSpec(
                name: "rm",
                abstract: "Remove an Auto-Type rule.",
                declaring: Arguments.self)

            struct Arguments: CommandArguments {
                let id: String

                init(_ decoder: inout ArgumentDecoder) {
                    id = decoder.argument(ArgumentSpec("id", help: "The rule's id, or its first 4 or more characters.")) ?? ""
                    decoder.shared(CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault)
                }
            }

            static func run(_ arguments: Arguments, context: CommandContext) throws {
                let rule = try context.openService().removeAutoTypeRule(arguments.id)
                if context.wantsJSON {
                    try context.printJSON(rule)
                } else {
                    print("Removed rule \(Rule.shortID(rule)) (\(Rule.describeWindows(rule))).")
                }
            }
        }

        static func shortID(_ rule: AutoTypeRule) -> String { String(rule.id.uuidString.lowercased().prefix(8)) }

        static func describeWindows(_ rule: AutoTypeRule) -> String {
            if let windowClass = rule.windowClass { return "windows of class '\(windowClass)'" }
            return "windows titled '\(rule.titlePattern ?? "")'"
        }
    }
}
