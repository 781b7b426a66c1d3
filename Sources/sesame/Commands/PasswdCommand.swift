import SesameAutoFill
import SesameTerminal

/// `sesame passwd`: changes the master password and rotates the vault key: every item is re-sealed under a new
/// key in one transaction, so a crash at any moment leaves either the old or the new password working.
enum PasswdCommand: Command {
    static let spec = CommandSpec(
        name: "passwd",
        abstract: "Change the master password.",
        discussion: "Always asks for the current master password, then the new one (twice on a terminal). With --password-stdin: current, then new, one per line. The vault key is replaced too and every item re-encrypted, so an old copy of the vault's header with the old password opens nothing written afterwards. Refused while an item is damaged: remove it first (sesame rm ID --force).",
        options: [
            .value("kdf-memory", valueName: "MiB", help: "New Argon2id memory in MiB (at least 19)."),
            .value("kdf-passes", valueName: "n", help: "New Argon2id passes (at least 2)."),
            CommonOptions.passwordStdin, CommonOptions.json, CommonOptions.vault,
        ])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let memory = try arguments.integer("kdf-memory")
        let passes = try arguments.integer("kdf-passes")
        let current = try context.secrets.read(.masterPassword)
        let service = try context.openService(password: current)
        let new = try context.secrets.read(.newMasterPassword)
        guard new.count > 0 else { throw CLIError("The new master password is empty.") }
        try service.changeMasterPassword(current: current, new: new, kdfMemoryMiB: memory, kdfPasses: passes)
        if context.wantsJSON {
            try context.printJSON(["changed": true])
        } else {
            print("The master password was changed.")
        }
    }
}
