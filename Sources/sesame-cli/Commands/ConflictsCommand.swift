import Foundation
import SesameAgent
import SesameAutoFill
import SesameStore
import SesameTerminal
import SesameTerminalText

/// `sesame conflicts`: items edited on two devices at once. Both versions were kept; one is shown, the others wait
/// here until the user keeps one (`sesame conflicts keep ITEM N`). Served by the agent while it holds the vault.
enum ConflictsCommand: Command {
    static var subcommands: [any Command.Type] { [Show.self, Keep.self] }

    static let spec = CommandSpec(
        name: "conflicts",
        abstract: "List items with conflicting versions from different devices, or keep one version.",
        discussion: "Without a subcommand: lists every item edited on two devices at once, its versions numbered (1 is the one shown) and the fields in which each differs from version 1. 'show ITEM' shows those fields of every version (the password, one-time code and protected fields only with --reveal); 'keep ITEM N' keeps version N as a new change of this device (run 'sesame sync' to publish it); the other versions stay in the sync history. ITEM is named as everywhere: its title (or an unambiguous prefix), id or id prefix. While the agent holds the vault unlocked, it answers and nothing is asked for.",
        declaring: Arguments.self,
        subcommands: subcommandSpecs,
        runsWithoutSubcommand: true)

    struct Arguments: CommandArguments {
        init(_ decoder: inout ArgumentDecoder) {
            decoder.shared(CommonOptions.passwordStdin, CommonOptions.json, CommonOptions.vault)
        }
    }

    struct VersionView: Encodable {
        let number: Int
        let version: String
        let device: String
        let time: Date
        let title: String
        let username: String
        let trashed: Bool
        let differs: [String]
    }

    struct ConflictView: Encodable {
        let id: String
        let title: String
        let versions: [VersionView]
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        let conflicts = try service(context).syncConflicts()
        if context.wantsJSON {
            try context.printJSON(conflicts.map(view))
        } else if conflicts.isEmpty {
            print("No conflicts.")
        } else {
            var table = Table(headers: ["ITEM", "N", "WHEN", "DEVICE", "TITLE", "USER", "DIFFERS"])
            for conflict in conflicts {
                for version in conflict.versions {
                    let differs = version.number == 1 ? "(shown)" : version.differences.map(\.field).joined(separator: ", ")
                    table.append([String(conflict.itemID.uuidString.lowercased().prefix(8)), String(version.number),
                                  ISO8601DateFormatter().string(from: version.time), String(version.device.hexName.prefix(8)),
                                  version.title + (version.trashed ? " (trash)" : ""), version.username, differs])
                }
            }
            table.print()
            print("See one with 'sesame conflicts show ITEM', keep a version with 'sesame conflicts keep ITEM N'.")
        }
    }

    static func service(_ context: CommandContext) throws -> any SyncConflictService {
        let service = try context.openService()
        guard let conflicts = service as? any SyncConflictService else {
            throw CLIError("This vault cannot list sync conflicts.")
        }
        return conflicts
    }

    /// The conflict a person names by title, title prefix, id or id prefix (as items are named everywhere); a
    /// person at a terminal picks among several.
    static func conflict(named reference: String, in conflicts: [ConflictSummary], context: CommandContext) throws -> ConflictSummary {
        let title = { (conflict: ConflictSummary) in conflict.versions.first?.title ?? "" }
        let matches = ItemReference.candidates(reference, in: conflicts, id: \.itemID, title: title)
        if matches.count == 1 { return matches[0] }
        guard !matches.isEmpty else {
            throw CLIError("No item in conflict matches '\(TerminalText.quoted(reference))'; see 'sesame conflicts'.")
        }
        let summaries = matches.map { conflict in
            ItemSummary(Item(id: conflict.itemID, title: title(conflict), username: conflict.versions.first?.username ?? "",
                             urls: (conflict.versions.first?.urls ?? []).map { ItemURL($0) }))
        }
        guard context.canChoose else {
            let names = summaries.map { "'\($0.title)' (\($0.id.uuidString.lowercased().prefix(8)))" }
            throw CLIError("'\(TerminalText.quoted(reference))' matches \(matches.count) items in conflict: \(names.joined(separator: ", ")); be more specific or use an id.")
        }
        let chosen = try ItemChooser.choose(reference, among: summaries, environment: context.environment)
        return matches.first { $0.itemID == chosen.id }!
    }

    static func view(_ conflict: ConflictSummary) -> ConflictView {
        ConflictView(id: conflict.itemID.uuidString.lowercased(), title: conflict.versions.first?.title ?? "",
                     versions: conflict.versions.map { version in
            VersionView(number: version.number, version: "\(version.device.hexName.prefix(8))-\(version.counter)",
                        device: String(version.device.hexName.prefix(8)), time: version.time, title: version.title,
                        username: version.username, trashed: version.trashed, differs: version.differences.map(\.field))
        })
    }

    /// `sesame conflicts show ITEM [--reveal]`
    enum Show: Command {
        static let spec = CommandSpec(
            name: "show",
            abstract: "Show how the versions of an item in conflict differ.",
            discussion: "Every field in which a version differs from version 1, with each version's value; the password, one-time code and protected fields only with --reveal.",
            declaring: Arguments.self)

        struct Arguments: CommandArguments {
            let item: String
            let reveal: Bool

            init(_ decoder: inout ArgumentDecoder) {
                item = decoder.argument(ArgumentSpec("item", help: "The item's title (or an unambiguous prefix), id or id prefix.")) ?? ""
                reveal = decoder.flag(.flag("reveal", short: "r", help: "Also show the values of secret fields."))
                decoder.shared(CommonOptions.passwordStdin, CommonOptions.json, CommonOptions.vault)
            }
        }

        struct FieldView: Encodable {
            let field: String
            let secret: Bool
            /// One value per version, in order; nil for a secret one without --reveal.
            let values: [String?]
        }

        static func run(_ arguments: Arguments, context: CommandContext) throws {
            let service = try ConflictsCommand.service(context)
            let conflict = try ConflictsCommand.conflict(
                named: arguments.item, in: try service.syncConflicts(), context: context)
            // Secrets of this one item, only when asked for.
            let items = arguments.reveal ? try service.conflictVersions(conflict.itemID) : nil
            let fields = conflict.differences.map { difference in
                FieldView(field: difference.field, secret: difference.isSecret, values: conflict.versions.indices.map { index in
                    value(of: difference, version: conflict.versions[index], item: items?[safe: index])
                })
            }
            if context.wantsJSON {
                try context.printJSON(ShowJSON(conflict: ConflictsCommand.view(conflict), differences: fields))
                return
            }
            print("'\(conflict.versions.first?.title ?? "")' (\(conflict.itemID.uuidString.lowercased().prefix(8))) has \(conflict.versions.count) versions:")
            for version in conflict.versions {
                print("  \(version.number)  \(ISO8601DateFormatter().string(from: version.time)) from device \(version.device.hexName.prefix(8))\(version.trashed ? " (in the trash)" : "")")
            }
            if fields.isEmpty { print("They hold the same values.") }
            for field in fields {
                print("\(label(field.field)):")
                for (index, value) in field.values.enumerated() {
                    print("  \(index + 1)  \(value ?? "******** (differs; use --reveal to show)")")
                }
            }
            print("Keep one with 'sesame conflicts keep \(conflict.itemID.uuidString.lowercased().prefix(8)) N'.")
        }

        struct ShowJSON: Encodable {
            let conflict: ConflictView
            let differences: [FieldView]
        }

        static func label(_ field: String) -> String {
            if field.hasPrefix("field:") { return "Field '\(field.dropFirst(6))'" }
            return ["title": "Title", "username": "Username", "password": "Password", "urls": "URLs", "notes": "Notes",
                    "tags": "Tags", "oneTimeCode": "One-time code", "match": "Match", "expires": "Expires",
                    "attachments": "Attachments", "attributes": "Attributes", "keePassExtras": "KeePass extras", "passkeys": "Passkeys", "state": "State"][field] ?? field
        }

        /// A non-secret value comes with the list; a secret one only from the revealed versions.
        private static func value(of difference: ItemDifference, version: ConflictSummary.Version, item: Item?) -> String? {
            if let value = version.values[difference.field] { return value }
            return item?.displayValue(of: difference.field)
        }
    }

    /// `sesame conflicts keep ITEM N`
    enum Keep: Command {
        static let spec = CommandSpec(
            name: "keep",
            abstract: "Keep one version of an item in conflict.",
            discussion: "Version N becomes a new change of this device, which every device shows once it syncs; run 'sesame sync' to publish it. The other versions stay in the sync history.",
            declaring: Arguments.self)

        struct Arguments: CommandArguments {
            let item: String
            let version: String?
            let usage: CommandUsage

            init(_ decoder: inout ArgumentDecoder) {
                item = decoder.argument(ArgumentSpec("item", help: "The item's title (or an unambiguous prefix), id or id prefix.")) ?? ""
                version = decoder.argument(ArgumentSpec("version", help: "The number of the version to keep, as listed."))
                decoder.shared(CommonOptions.passwordStdin, CommonOptions.json, CommonOptions.vault)
                usage = decoder.usage
            }
        }

        static func run(_ arguments: Arguments, context: CommandContext) throws {
            guard let number = arguments.version.flatMap({ Int($0) }) else {
                throw arguments.usage.error("The version is a number, as 'sesame conflicts' lists it")
            }
            let service = try ConflictsCommand.service(context)
            let conflict = try ConflictsCommand.conflict(
                named: arguments.item, in: try service.syncConflicts(), context: context)
            guard conflict.versions.indices.contains(number - 1) else {
                throw CLIError("That item has versions 1 to \(conflict.versions.count).")
            }
            let version = conflict.versions[number - 1]
            try service.resolveConflict(ConflictChoice(itemID: conflict.itemID, device: version.device, counter: version.counter))
            if context.wantsJSON {
                try context.printJSON(["id": conflict.itemID.uuidString.lowercased(), "kept": String(number)])
            } else {
                print("Kept version \(number) of '\(version.title)'; run 'sesame sync' to publish it.")
            }
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
