import SesameAutoFill
import SesameStore
import SesameTerminal

/// `sesame verify [--accept]`: reports what unlock and reading found damaged — items that fail to decrypt, by
/// name, and a set of items changed behind Sesame's back (rows removed, put back or rolled back) — and, with
/// `--accept`, takes the items as they are now as the vault's new reference.
enum VerifyCommand: Command {
    static let spec = CommandSpec(
        name: "verify",
        abstract: "Check the vault for damage; --accept takes its current set of items as the new reference.",
        discussion: """
            Every item must decrypt, and the set of items must be the one Sesame last wrote (an item removed, put \
            back or rolled back to an older version outside Sesame, by a restored backup or another program, is \
            reported at every unlock). Prints each problem and exits 1; exits 0 when there is none. --accept asks \
            for the master password again (also when the agent holds the vault), says what it accepts, and \
            records the current items as the reference, so later unlocks stop reporting that change; items that \
            fail to decrypt stay reported (remove them with 'sesame rm'). An agent holding the vault is locked \
            afterwards, so its next unlock checks against the accepted items.
            """,
            declaring: Arguments.self)

    struct Arguments: CommandArguments {
        let accept: Bool

        init(_ decoder: inout ArgumentDecoder) {
            accept = decoder.flag(.flag("accept", help: "Accept the current set of items as the reference (asks for the master password)."))
            decoder.shared(CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault)
        }
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        if arguments.accept {
            try accept(context: context)
            return
        }
        let damaged = try damage(in: context.openService())
        if context.wantsJSON {
            try context.printJSON(VerifyJSON(vault: context.vaultPath, damaged: damaged, accepted: nil))
        } else if damaged.isEmpty {
            print("No damage found in \(context.vaultPath).")
        } else {
            for message in damaged { print("Damaged: \(message)") }
        }
        if !damaged.isEmpty { throw ExitStatus.failure }
    }

    /// Unlocks in this process (proving the master password again), then accepts the rows as they are.
    private static func accept(context: CommandContext) throws {
        let vault = try Vault(path: context.vaultPath, publicSuffixList: context.publicSuffixList())
        try vault.unlock(password: context.secrets.read(.masterPassword))
        defer { vault.close() }
        let problem = vault.rowSetProblem
        if let problem {
            let active = try vault.count(in: .active), trashed = try vault.count(in: .trashed)
            if !context.wantsJSON {
                print("\(problem)")
                print("Accepting the \(active) active and \(trashed) trashed items the vault holds now as its reference.")
            }
            try vault.acceptCurrentRows()
        }
        let remaining = try damage(in: LocalVaultService(vault: vault))
        if context.wantsJSON {
            try context.printJSON(VerifyJSON(vault: context.vaultPath, damaged: remaining, accepted: problem.map { "\($0)" }))
        } else {
            print(problem == nil ? "Nothing to accept: the set of items is as Sesame last wrote it." : "Accepted.")
            for message in remaining { print("Damaged: \(message)") }
        }
        if problem != nil, let agent = context.unlockedAgent() {
            _ = try agent.lock()
            if !context.wantsJSON { print("Locked the vault in the agent; its next unlock checks the accepted items.") }
        }
        if !remaining.isEmpty { throw ExitStatus.failure }
    }

    /// Every problem reading the active and the trashed items reports, each once.
    private static func damage(in service: any VaultItems) throws -> [String] {
        var messages: [String] = []
        for state in [ItemState.active, .trashed] {
            for message in try service.list(state).damaged where !messages.contains(message) { messages.append(message) }
        }
        return messages
    }
}

/// The stable JSON shape of `sesame verify`: `accepted` is the change `--accept` accepted, if any.
struct VerifyJSON: Encodable {
    var vault: String
    var damaged: [String]
    var accepted: String?
}
