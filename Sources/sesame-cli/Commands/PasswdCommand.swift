import SesameAutoFill
import SesameStore
import SesameTerminal

/// `sesame passwd`: changes the master password and rotates the vault key: every item is re-sealed under a new
/// key in one transaction, so a crash at any moment leaves either the old or the new password working.
enum PasswdCommand: Command {
    static let spec = CommandSpec(
        name: "passwd",
        abstract: "Change the master password.",
        discussion: "Always asks for the current master password (three tries at a terminal), then the new one (twice on a terminal; one that zxcvbn estimates below 50 bits is refused unless --allow-weak-password). With --password-stdin: current, then new, one per line. The vault key is replaced too and every item re-encrypted, so an old copy of the vault's header with the old password opens nothing written afterwards. Refused while an item is damaged: remove it first (sesame rm ID --force).",
        declaring: Arguments.self,
        familiarNames: ["password", "change-password", "chpass"])

    struct Arguments: CommandArguments {
        static let kdfMemoryOption = OptionSpec.value("kdf-memory", valueName: "MiB", help: "New Argon2id memory in MiB (at least 19).")
        static let kdfPassesOption = OptionSpec.value("kdf-passes", valueName: "n", help: "New Argon2id passes (at least 2).")

        let kdfMemory: String?
        let kdfPasses: String?
        let usage: CommandUsage

        init(_ decoder: inout ArgumentDecoder) {
            kdfMemory = decoder.value(Self.kdfMemoryOption)
            kdfPasses = decoder.value(Self.kdfPassesOption)
            decoder.shared(CommonOptions.allowWeakPassword, CommonOptions.passwordStdin, CommonOptions.json, CommonOptions.vault)
            usage = decoder.usage
        }
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        let memory = try arguments.usage.integer(arguments.kdfMemory, of: Arguments.kdfMemoryOption)
        let passes = try arguments.usage.integer(arguments.kdfPasses, of: Arguments.kdfPassesOption)
        // The current password is checked before the new one is asked for, so a typo there costs one prompt.
        let vault = try Vault(path: context.vaultPath, publicSuffixList: context.publicSuffixList())
        let current = try context.withMasterPassword { current in
            try vault.unlock(password: current)
            return current
        }
        // An agent holding the vault must change it itself, so it goes on with the new key.
        let service: any MasterPasswordChanging = context.unlockedAgent() ?? LocalVaultService(vault: vault)
        let new = try context.readNewPassword(.newMasterPassword, what: "The new master password")
        try service.changeMasterPassword(current: current, new: new, kdfMemoryMiB: memory, kdfPasses: passes)
        if context.wantsJSON {
            try context.printJSON(["changed": true])
        } else {
            print("The master password was changed.")
        }
    }
}
