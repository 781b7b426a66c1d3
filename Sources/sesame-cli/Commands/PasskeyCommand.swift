import Foundation
import SesameAutoFill
import SesameStore
import SesameTerminal
import SesameTerminalText

/// `sesame passkey`: the passkeys items hold (made on iOS or in the browser, or imported from KeePass and
/// Bitwarden files). Their private keys are shown only by `sesame show --reveal`.
enum PasskeyCommand: CommandGroup {
    static var subcommands: [any Command.Type] { [List.self, Remove.self] }

    static let spec = CommandSpec(
        name: "passkey",
        abstract: "List or remove passkeys.",
        discussion: "A login may hold passkeys for its sites. `sesame show ITEM` names them; `sesame show --reveal` also prints their private keys. See docs/passkeys.md.",
        subcommands: subcommandSpecs)

    /// `sesame passkey list`
    enum List: Command {
        static let spec = CommandSpec(
            name: "list", abstract: "List every passkey, without its private key.",
            discussion: "While the agent holds the vault unlocked, it answers and nothing is asked for.",
            declaring: Arguments.self)

        struct Arguments: CommandArguments {
            init(_ decoder: inout ArgumentDecoder) {
                decoder.shared(CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault)
            }
        }

        static func run(_ arguments: Arguments, context: CommandContext) throws {
            let listings = try context.openService().passkeys()
            if context.wantsJSON {
                try context.printJSON(listings.map(PasskeyListingJSON.init))
            } else if listings.isEmpty {
                print("The vault holds no passkeys.")
            } else {
                var table = Table(headers: ["SITE", "USER", "ITEM", "CREATED", "CREDENTIAL"])
                for listing in listings {
                    table.append([listing.passkey.relyingPartyID, listing.passkey.userName, listing.itemTitle,
                                  listing.passkey.created.formatted(.iso8601.year().month().day()),
                                  String(listing.passkey.credentialIDText.prefix(12))])
                }
                table.print()
            }
        }
    }

    /// `sesame passkey rm`
    enum Remove: Command {
        static let spec = CommandSpec(
            name: "rm", abstract: "Remove a passkey from a login.",
            discussion: "The site keeps its copy of the passkey's public key: remove the passkey there too. On a terminal, asks for confirmation unless --force is given. The credential may be left out when the login holds one passkey.",
            declaring: Arguments.self)

        struct Arguments: CommandArguments {
            let item: String
            let credential: String?
            let force: Bool
            let usage: CommandUsage

            init(_ decoder: inout ArgumentDecoder) {
                item = decoder.argument(CommonOptions.item) ?? ""
                credential = decoder.argument(ArgumentSpec("credential", help: "The passkey's credential id, or its first characters (4 or more).",
                             isOptional: true))
                force = decoder.flag(.flag("force", short: "f", help: "Do not ask for confirmation."))
                decoder.shared(CommonOptions.passwordStdin, CommonOptions.json, CommonOptions.vault)
                usage = decoder.usage
            }
        }

        static func run(_ arguments: Arguments, context: CommandContext) throws {
            let service = try context.openService()
            let item = try service.resolve(arguments.item)
            let passkey = try choose(in: item, arguments.credential, arguments: arguments)
            if !arguments.force, Terminal.isStandardInputATerminal, !context.secrets.fromStandardInput {
                let question = "Remove the passkey for \(passkey.relyingPartyID) (\(passkey.userName)) from '\(item.title)'? [y/N] "
                guard try Confirmation.ask(question) else { throw CLIError("Nothing was removed.") }
            }
            var change = ItemChange()
            change.removePasskeys = [passkey.credentialIDText]
            try service.update(item.id, change)
            if context.wantsJSON {
                try context.printJSON(["id": item.id.uuidString.lowercased(), "removedPasskey": passkey.credentialIDText])
            } else {
                print("Removed the passkey for \(passkey.relyingPartyID) (\(passkey.userName)) from '\(item.title)'.")
            }
        }

        /// The passkey a credential id (or a prefix of at least 4 characters) names; the only one when none is given.
        static func choose(in item: ItemView, _ reference: String?, arguments: Arguments) throws -> PasskeySummary {
            guard !item.passkeys.isEmpty else { throw CLIError("'\(item.title)' holds no passkey.") }
            guard let reference, !reference.isEmpty else {
                guard item.passkeys.count == 1 else {
                    let ids = item.passkeys.map { "\($0.relyingPartyID) \($0.credentialIDText)" }.joined(separator: ", ")
                    throw arguments.usage.error("'\(item.title)' holds \(item.passkeys.count) passkeys; name one by its credential id (\(ids))")
                }
                return item.passkeys[0]
            }
            if let exact = item.passkeys.first(where: { $0.credentialIDText == reference }) { return exact }
            let matches = reference.count >= 4 ? item.passkeys.filter { $0.credentialIDText.hasPrefix(reference) } : []
            guard matches.count == 1 else {
                throw CLIError(matches.isEmpty ? "'\(item.title)' holds no passkey with the credential id '\(reference)'."
                               : "Several passkeys of '\(item.title)' start with '\(reference)'; give more of the id.")
            }
            return matches[0]
        }
    }
}
