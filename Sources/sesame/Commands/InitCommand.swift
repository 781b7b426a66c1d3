import SesameCrypto
import SesameStore
import SesameTerminal

/// `sesame init`: creates a new, empty vault protected by a master password.
enum InitCommand: Command {
    static let spec = CommandSpec(
        name: "init",
        abstract: "Create a new vault protected by a master password.",
        discussion: "The master password is stretched with Argon2id (default 64 MiB, 3 passes). It cannot be recovered: keep it safe. One that zxcvbn estimates below 50 bits is refused (asked again at a terminal) unless --allow-weak-password.",
        options: [
            CommonOptions.vault,
            .value("kdf-memory", valueName: "MiB", help: "Argon2id memory in MiB (at least 19; default 64)."),
            .value("kdf-passes", valueName: "n", help: "Argon2id passes (at least 2; default 3)."),
            CommonOptions.allowWeakPassword,
            CommonOptions.passwordStdin,
            CommonOptions.json,
        ])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let memory = try arguments.integer("kdf-memory") ?? KDFParameters.defaultMemoryMiB
        let passes = try arguments.integer("kdf-passes") ?? KDFParameters.defaultPasses
        let kdf: KDFParameters
        do {
            kdf = try KDFParameters.generate(memoryMiB: memory, passes: passes)
        } catch {
            throw arguments.usageError(error.description)
        }
        let path = context.vaultPath
        // Said before the new master password is typed twice, not after.
        try Vault.checkCreatable(at: path, publicSuffixList: context.publicSuffixList())
        let password = try context.readNewPassword(.newMasterPassword, what: "The master password")
        _ = try Vault.create(at: path, password: password, kdf: kdf, publicSuffixList: context.publicSuffixList())
        if context.wantsJSON {
            try context.printJSON(["path": path])
        } else {
            print("Created a vault at \(path).")
        }
    }
}
