import Foundation
import SesameAgent
import SesameAutoFill
import SesameBrowserAccess
import SesameStore
import SesameTerminal
import SesameTerminalText

/// `sesame browser`: the browser extensions allowed to ask for logins, and the requests waiting for an answer.
enum BrowserCommand: CommandGroup {
    static var subcommands: [any Command.Type] { [Pending.self, Allow.self, Deny.self, List.self, Revoke.self] }

    static let spec = CommandSpec(
        name: "browser",
        abstract: "Answer and manage the KeePassXC-Browser extension's associations.",
        discussion: "When the extension connects, it asks to be associated; the request waits in the agent until 'sesame browser allow CODE --name NAME' or 'sesame browser deny CODE'. Associations are stored encrypted in the vault. Set the browser up with 'sesame setup browser'.",
        subcommands: subcommandSpecs)

    /// The agent holding the vault unlocked: requests wait there.
    static func agent(_ context: CommandContext) throws -> AgentClient {
        guard let agent = context.unlockedAgent() else {
            throw CLIError("The vault is not unlocked in the agent, where association requests wait; run 'sesame unlock' first.")
        }
        return agent
    }

    static func access(_ context: CommandContext) throws -> any BrowserAccess {
        guard let access = try context.openService() as? any BrowserAccess else {
            throw CLIError("This vault service does not keep browser associations.")
        }
        return access
    }

    // MARK: - Subcommands

    /// `sesame browser pending`
    enum Pending: Command {
        static let spec = CommandSpec(
            name: "pending",
            abstract: "List association requests waiting for an answer.",
            discussion: "Each shows its code, the fingerprint of the extension's key and who the browser says is asking. A request waits five minutes.",
            declaring: Arguments.self)

        struct Arguments: CommandArguments {
            init(_ decoder: inout ArgumentDecoder) {
                decoder.shared(CommonOptions.json, CommonOptions.vault)
            }
        }

        static func run(_ arguments: Arguments, context: CommandContext) throws {
            let pending = try BrowserCommand.agent(context).pendingBrowserAssociations()
            if context.wantsJSON { return try context.printJSON(pending) }
            guard !pending.isEmpty else {
                return print("No association request is waiting; click Connect in the extension to make one.")
            }
            var table = Table(headers: ["CODE", "FINGERPRINT", "FROM", "SINCE"])
            for request in pending {
                table.append([request.code, request.fingerprint, request.origin, request.requested.formatted(.iso8601)])
            }
            table.print()
        }
    }

    /// `sesame browser allow`
    enum Allow: Command {
        static let spec = CommandSpec(
            name: "allow",
            abstract: "Allow a waiting association request under a name.",
            declaring: Arguments.self)

        struct Arguments: CommandArguments {
            let code: String
            let name: String?
            let usage: CommandUsage

            init(_ decoder: inout ArgumentDecoder) {
                code = decoder.argument(ArgumentSpec("code", help: "The request's code, from 'sesame browser pending'.")) ?? ""
                name = decoder.value(.value("name", valueName: "name", help: "The association's name, such as firefox-laptop (required)."))
                decoder.shared(CommonOptions.json, CommonOptions.vault)
                usage = decoder.usage
            }
        }

        static func run(_ arguments: Arguments, context: CommandContext) throws {
            guard let name = arguments.name, !name.isEmpty else {
                throw arguments.usage.error("Name the association with --name")
            }
            let association = try BrowserCommand.agent(context)
                .answerBrowserAssociation(code: arguments.code, allowAs: name)
            if context.wantsJSON { return try context.printJSON(association) }
            print("Associated '\(name)': the extension may now ask for logins.")
        }
    }

    /// `sesame browser deny`
    enum Deny: Command {
        static let spec = CommandSpec(
            name: "deny",
            abstract: "Deny a waiting association request.",
            declaring: Arguments.self)

        struct Arguments: CommandArguments {
            let code: String

            init(_ decoder: inout ArgumentDecoder) {
                code = decoder.argument(ArgumentSpec("code", help: "The request's code, from 'sesame browser pending'.")) ?? ""
                decoder.shared(CommonOptions.vault)
            }
        }

        static func run(_ arguments: Arguments, context: CommandContext) throws {
            try BrowserCommand.agent(context).answerBrowserAssociation(code: arguments.code, allowAs: nil)
            print("Denied.")
        }
    }

    /// `sesame browser list`
    enum List: Command {
        static let spec = CommandSpec(
            name: "list",
            abstract: "List the associated browser extensions.",
            declaring: Arguments.self)

        struct Arguments: CommandArguments {
            init(_ decoder: inout ArgumentDecoder) {
                decoder.shared(CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault)
            }
        }

        static func run(_ arguments: Arguments, context: CommandContext) throws {
            let associations = try BrowserCommand.access(context).browserAssociations()
            if context.wantsJSON { return try context.printJSON(associations) }
            guard !associations.isEmpty else { return print("No browser extension is associated.") }
            var table = Table(headers: ["NAME", "CREATED", "LAST USED"])
            for association in associations {
                table.append([
                    association.name, association.created.formatted(.iso8601),
                    association.lastUsed?.formatted(.iso8601) ?? "never",
                ])
            }
            table.print()
        }
    }

    /// `sesame browser revoke`
    enum Revoke: Command {
        static let spec = CommandSpec(
            name: "revoke",
            abstract: "Forget an associated browser extension.",
            discussion: "The extension's next request for logins fails; it must ask to be associated again.",
            declaring: Arguments.self)

        struct Arguments: CommandArguments {
            let name: String

            init(_ decoder: inout ArgumentDecoder) {
                name = decoder.argument(ArgumentSpec("name", help: "The association's name, from 'sesame browser list'.")) ?? ""
                decoder.shared(CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault)
            }
        }

        static func run(_ arguments: Arguments, context: CommandContext) throws {
            let name = arguments.name
            try BrowserCommand.access(context).revokeBrowserAssociation(name: name)
            if context.wantsJSON { return try context.printJSON(["revoked": name]) }
            print("Revoked '\(name)'.")
        }
    }
}
