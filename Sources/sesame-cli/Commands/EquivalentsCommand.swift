import Foundation
import SesameAutoFill
import SesameTerminal
import SesameTerminalText

/// `sesame equivalents`: groups of sites whose logins are offered on each other's login forms.
enum EquivalentsCommand: CommandGroup {
    static var subcommands: [any Command.Type] { [Add.self, List.self, Remove.self, Import.self] }

    static let spec = CommandSpec(
        name: "equivalents",
        abstract: "Manage groups of sites that share logins, such as google.com and youtube.com.",
        discussion: "A login is offered on an equivalent site's forms below every login of that site itself. Groups hold sites (registrable domains: 'https://mail.google.com' is google.com) and are stored encrypted in the vault. Shared groups work in every direction; one-way groups, which only imports create, offer the logins of their 'from' sites on their 'to' sites.",
        subcommands: subcommandSpecs)

    // MARK: - Subcommands

    /// `sesame equivalents add`
    enum Add: Command {
        static let spec = CommandSpec(
            name: "add",
            abstract: "Make sites equivalent to each other.",
            discussion: "Groups that already hold one of the sites are merged with them into one group.",
            declaring: Arguments.self)

        struct Arguments: CommandArguments {
            let domain: [String]
            let usage: CommandUsage

            init(_ decoder: inout ArgumentDecoder) {
                domain = decoder.arguments(ArgumentSpec("domain", help: "A domain or URL of one of the sites (at least two).", isVariadic: true))
                decoder.shared(CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault)
                usage = decoder.usage
            }
        }

        static func run(_ arguments: Arguments, context: CommandContext) throws {
            let domains = arguments.domain
            guard domains.count >= 2 else { throw arguments.usage.error("Name at least two sites") }
            let change = try context.openService().addEquivalents(domains)
            if context.wantsJSON {
                try context.printJSON(change)
            } else if let group = change.added.first {
                print("Equivalent: \(EquivalentsCommand.describe(group)).")
            } else {
                print("Already equivalent; nothing changed.")
            }
        }
    }

    /// `sesame equivalents list`
    enum List: Command {
        static let spec = CommandSpec(
            name: "list",
            abstract: "List the groups of equivalent sites.",
            discussion: "With --json, prints the groups in the format of Apple's password-manager-resources shared-credentials.json, which 'sesame equivalents import' reads back.",
            declaring: Arguments.self)

        struct Arguments: CommandArguments {
            init(_ decoder: inout ArgumentDecoder) {
                decoder.shared(CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault)
            }
        }

        static func run(_ arguments: Arguments, context: CommandContext) throws {
            let groups = try context.openService().equivalents().groups
            if context.wantsJSON {
                try context.printJSON(groups)
            } else if groups.isEmpty {
                print("No equivalent sites; add some with 'sesame equivalents add' or 'sesame equivalents import'.")
            } else {
                var table = Table(headers: ["KIND", "SITES"])
                for group in groups {
                    switch group {
                    case .shared: table.append(["shared", EquivalentsCommand.describe(group)])
                    case .oneWay: table.append(["one-way", EquivalentsCommand.describe(group)])
                    }
                }
                table.print()
            }
        }
    }

    /// `sesame equivalents rm`
    enum Remove: Command {
        static let spec = CommandSpec(
            name: "rm",
            abstract: "Remove sites from their groups of equivalent sites.",
            discussion: "A group left with a single site disappears.",
            declaring: Arguments.self)

        struct Arguments: CommandArguments {
            let domain: [String]
            let all: Bool
            let usage: CommandUsage

            init(_ decoder: inout ArgumentDecoder) {
                domain = decoder.arguments(ArgumentSpec("domain", help: "A domain or URL of a site to remove.", isOptional: true, isVariadic: true))
                all = decoder.flag(.flag("all", help: "Remove every group."))
                decoder.shared(CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault)
                usage = decoder.usage
            }
        }

        static func run(_ arguments: Arguments, context: CommandContext) throws {
            let domains = arguments.domain
            let all = arguments.all
            guard all != !domains.isEmpty else {
                throw arguments.usage.error(all ? "Give either sites or --all, not both" : "Name a site to remove, or give --all")
            }
            let change = try context.openService().removeEquivalents(all ? nil : domains)
            if context.wantsJSON {
                try context.printJSON(change)
                return
            }
            if all {
                print(change.removed.isEmpty ? "There were no equivalent sites." : "Removed every group of equivalent sites (\(change.removed.count)).")
                return
            }
            for group in change.removed {
                if let remainder = change.added.first(where: { Set($0.domains).isSubset(of: group.domains) }) {
                    print("Now equivalent: \(EquivalentsCommand.describe(remainder)).")
                } else {
                    print("No longer equivalent: \(EquivalentsCommand.describe(group)).")
                }
            }
        }
    }

    /// `sesame equivalents import`
    enum Import: Command {
        static let spec = CommandSpec(
            name: "import",
            abstract: "Add groups from a file in the format of Apple's shared-credentials.json.",
            discussion: "Reads quirks/shared-credentials.json of github.com/apple/password-manager-resources, or what 'sesame equivalents list --json' prints. Groups merge with those already in the vault; importing the same file again changes nothing. Entries that name no site (public suffixes, malformed names) are skipped with a warning.",
            declaring: Arguments.self)

        struct Arguments: CommandArguments {
            let file: String

            init(_ decoder: inout ArgumentDecoder) {
                file = decoder.argument(ArgumentSpec("file", help: "The JSON file to read.")) ?? ""
                decoder.shared(CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault)
            }
        }

        static func run(_ arguments: Arguments, context: CommandContext) throws {
            let path = arguments.file
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw CLIError("Cannot read '\(path)': there is no such file.")
            }
            guard !isFolder.boolValue, let data = FileManager.default.contents(atPath: path) else {
                throw CLIError("Cannot read '\(path)': " + (isFolder.boolValue ? "it is a folder." : "permission denied."))
            }
            let groups: [EquivalentGroup]
            do {
                groups = try EquivalentDomains.parseSharedCredentials(data)
            } catch {
                throw CLIError("Cannot import '\(path)': " + error.message.prefix(1).lowercased() + error.message.dropFirst())
            }
            let change = try context.openService().importEquivalents(groups)
            for text in change.skipped {
                Terminal.writeToStandardError("Warning: skipped '\(text)', which names no site.\n")
            }
            if context.wantsJSON {
                try context.printJSON(change)
                return
            }
            let added = change.added.count
            print("Imported '\(path)': \(added.counted("group")) added or extended, \(change.unchanged) already present.")
            for group in change.added { print("  \(EquivalentsCommand.describe(group))") }
        }

    }
}

extension EquivalentsCommand {
    /// A group as people read it: `google.com, youtube.com`, or `adobelogin.com → adobe.com` for one-way groups.
    static func describe(_ group: EquivalentGroup) -> String {
        func names(_ domains: [String]) -> String { domains.map(EquivalentDomains.display).joined(separator: ", ") }
        switch group {
        case .shared(let domains):
            return names(domains)
        case .oneWay(let from, let to, let obsolete):
            return "\(names(from)) → \(names(to))" + (obsolete ? " (the former sites are retired)" : "")
        }
    }
}
