import Foundation
import SesameSync
import SesameTerminal

extension SyncCommand {
    /// `sesame sync setup git URL` / `sesame sync setup folder PATH`
    enum Setup: Command {
        static let spec = CommandSpec(
            name: "setup",
            abstract: "Make this vault the first synced copy, through a git remote or a synced folder.",
            discussion: "Writes the synced vault's header (vault.hdr) and publishes every item. Asks for the master password (three tries at a terminal). Other devices then join with 'sesame sync clone'.",
            declaring: TransportArguments.self)

        static func run(_ arguments: TransportArguments, context: CommandContext) throws {
            let configuration = try SyncCommand.transport(arguments)
            let interval = try SyncCommand.interval(arguments.interval, usage: arguments.usage)
            try SyncCommand.translatingSyncErrors { try SyncCommand.setUp(configuration, interval: interval, context: context) }
        }
    }

    /// `sesame sync clone git URL` / `sesame sync clone folder PATH`
    enum Clone: Command {
        static let spec = CommandSpec(
            name: "clone",
            abstract: "Create this device's vault from a synced one.",
            discussion: "Creates the vault at --vault (which must not exist) from the synced vault's header, with its master password (exit 2 if wrong), as a new device; then merges every item.",
            declaring: TransportArguments.self)

        static func run(_ arguments: TransportArguments, context: CommandContext) throws {
            let configuration = try SyncCommand.transport(arguments)
            let interval = try SyncCommand.interval(arguments.interval, usage: arguments.usage)
            try SyncCommand.translatingSyncErrors { try SyncCommand.clone(configuration, interval: interval, context: context) }
        }
    }

    /// `sesame sync status`
    enum Status: Command {
        static let spec = CommandSpec(
            name: "status",
            abstract: "List the devices, what each published and what is merged here, gaps and pending changes.",
            discussion: "Also the agent's automatic sync: its interval, last round and error. Runs in the agent while it holds the vault unlocked; otherwise asks for the master password.",
            declaring: SyncCommand.Arguments.self)

        static func run(_ arguments: SyncCommand.Arguments, context: CommandContext) throws {
            try SyncCommand.translatingSyncErrors { try SyncCommand.status(context: context) }
        }
    }

    /// `sesame sync auto [on|off] [--interval D]`
    enum Auto: Command {
        static let spec = CommandSpec(
            name: "auto",
            abstract: "Let the running agent sync by itself, or show whether it does.",
            discussion: "'on' (with --interval, default 5m) makes the agent sync every interval and a few seconds after each change while it holds the vault unlocked; 'off' stops it; alone, shows the setting and the agent's last round. A plain value in the vault file: no master password is asked for.",
            declaring: Arguments.self)

        struct Arguments: CommandArguments {
            let state: String?
            let interval: String?
            let usage: CommandUsage

            init(_ decoder: inout ArgumentDecoder) {
                state = decoder.argument(ArgumentSpec(
                    "state", help: "on or off; leave out to show the setting.", isOptional: true,
                    completion: .values(["on", "off"])))
                interval = decoder.value(SyncCommand.intervalOption)
                decoder.shared(CommonOptions.json, CommonOptions.vault)
                usage = decoder.usage
            }
        }

        static func run(_ arguments: Arguments, context: CommandContext) throws {
            let state = arguments.state
            guard state == nil || state == "on" || state == "off" else {
                throw arguments.usage.error("Say 'auto on', 'auto off' or 'auto'")
            }
            let interval = try SyncCommand.interval(arguments.interval, usage: arguments.usage)
            guard interval == nil || state == "on" else { throw arguments.usage.error("--interval goes with 'auto on'") }
            try SyncCommand.translatingSyncErrors {
                try SyncCommand.auto(state.map { $0 == "on" ? interval ?? SyncCommand.defaultInterval : 0 }, context: context)
            }
        }
    }

    /// `sesame sync password`
    enum Password: Command {
        static let spec = CommandSpec(
            name: "password",
            abstract: "Take in the master password another device changed to.",
            discussion: "After 'sesame passwd' on another device this one publishes nothing until it has the synced vault's new key. Asks for this vault's own master password, then for the one set on the other device (exit 2 if it does not open the published header); this vault keeps its own password. Offline, it uses the header an earlier sync adopted. With --password-stdin: two lines in that order.",
            declaring: SyncCommand.Arguments.self)

        static func run(_ arguments: SyncCommand.Arguments, context: CommandContext) throws {
            try SyncCommand.translatingSyncErrors { try SyncCommand.adoptPassword(context: context) }
        }
    }
}
