import Foundation
import SesameStore
import SesameSync
import SesameTerminal

/// `sesame conflicts`: items edited on two devices at once. Both versions were kept; one is shown, the other
/// waits here until the user keeps one (`sesame conflicts keep ITEM N`).
enum ConflictsCommand: Command {
    static let spec = CommandSpec(
        name: "conflicts",
        abstract: "List items with conflicting versions from different devices, or keep one version.",
        discussion: "Without an action: lists every item edited on two devices at once, with its versions numbered (1 is the one shown). 'keep ITEM N' keeps version N of ITEM (its id or an unambiguous id prefix) as a new change of this device; run 'sesame sync' to publish it. The other versions stay in the sync history. Passwords are never listed.",
        arguments: [
            ArgumentSpec("action", help: "keep, to resolve a conflict.", isOptional: true),
            ArgumentSpec("item", help: "The item's id or id prefix.", isOptional: true),
            ArgumentSpec("version", help: "The version number to keep, as listed.", isOptional: true),
        ],
        options: [CommonOptions.passwordStdin, CommonOptions.json, CommonOptions.vault])

    struct VersionView: Encodable {
        let number: Int
        let version: String
        let device: String
        let time: Date
        let title: String
        let username: String
        let trashed: Bool
    }

    struct ConflictView: Encodable {
        let id: String
        let versions: [VersionView]
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let action = arguments.argument("action")
        guard action == nil || action == "keep" else {
            throw arguments.usageError("Unknown action '\(TerminalText.quoted(action!))' (keep)")
        }
        if action == "keep" {
            guard arguments.argument("item") != nil, let number = arguments.argument("version").flatMap({ Int($0) })
            else { throw arguments.usageError("Say which: 'keep ITEM N'") }
            try keep(reference: arguments.argument("item")!, number: number, context: context)
            return
        }
        do {
            let vault = try SyncCommand.openVault(context: context, password: try context.secrets.read(.masterPassword))
            let conflicts = try vault.syncConflicts().map(view)
            if context.wantsJSON {
                try context.printJSON(conflicts)
            } else if conflicts.isEmpty {
                print("No conflicts.")
            } else {
                var table = Table(headers: ["ITEM", "N", "WHEN", "DEVICE", "TITLE", "USER"])
                for conflict in conflicts {
                    for version in conflict.versions {
                        table.append([String(conflict.id.prefix(8)), String(version.number),
                                      ISO8601DateFormatter().string(from: version.time), version.device,
                                      version.title + (version.trashed ? " (trash)" : ""), version.username])
                    }
                }
                table.print()
                print("Keep one with 'sesame conflicts keep ITEM N'.")
            }
        } catch let error as SyncError {
            throw CLIError(error.description)
        }
    }

    private static func keep(reference: String, number: Int, context: CommandContext) throws {
        do {
            let vault = try SyncCommand.openVault(context: context, password: try context.secrets.read(.masterPassword))
            let conflicts = try vault.syncConflicts()
            let matches = conflicts.filter { $0.itemID.uuidString.lowercased().hasPrefix(reference.lowercased()) }
            guard matches.count == 1, let conflict = matches.first else {
                throw CLIError(matches.isEmpty ? "No item in conflict matches '\(TerminalText.quoted(reference))'."
                                               : "'\(TerminalText.quoted(reference))' matches several items; give more of the id.")
            }
            guard conflict.versions.indices.contains(number - 1) else {
                throw CLIError("That item has versions 1 to \(conflict.versions.count).")
            }
            try vault.resolveConflict(itemID: conflict.itemID, keeping: conflict.versions[number - 1].id)
            if context.wantsJSON {
                try context.printJSON(["id": conflict.itemID.uuidString.lowercased(), "kept": String(number)])
            } else {
                print("Kept version \(number) of '\(conflict.versions[number - 1].item.title)'; run 'sesame sync' to publish it.")
            }
        } catch let error as SyncError {
            throw CLIError(error.description)
        }
    }

    private static func view(_ conflict: SyncConflict) -> ConflictView {
        ConflictView(id: conflict.itemID.uuidString.lowercased(), versions: conflict.versions.enumerated().map { index, version in
            VersionView(number: index + 1, version: version.id.description, device: String(version.id.device.hexName.prefix(8)),
                        time: version.time, title: version.item.title, username: version.item.username,
                        trashed: version.state == .trashed)
        })
    }
}
