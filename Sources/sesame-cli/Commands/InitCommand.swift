import SesameCrypto
import SesameStore
import SesameTerminal

/// `sesame init`: creates a new, empty vault protected by a master password.
enum InitCommand: Command {
    static let spec = CommandSpec(
        name: "init",
        abstract: "Create a new vault protected by a master password.",
        discussion: "The master password is stretched with Argon2id (default 64 MiB, 3 passes). It cannot be recovered: keep it safe. One that zxcvbn estimates below 50 bits is refused (asked again at a terminal) unless --allow-weak-password.",
        declaring: Arguments.self)

    struct Arguments: CommandArguments {
        static let kdfMemoryOption = OptionSpec.value("kdf-memory", valueName: "MiB", help: "Argon2id memory in MiB (at least 19; default 64).")
        static let kdfPassesOption = OptionSpec.value("kdf-passes", valueName: "n", help: "Argon2id passes (at least 2; default 3).")

        let kdfMemory: String?
        let kdfPasses: String?
        let usage: CommandUsage

        init(_ decoder: inout ArgumentDecoder) {
            decoder.shared(CommonOptions.vault)
            kdfMemory = decoder.value(Self.kdfMemoryOption)
            kdfPasses = decoder.value(Self.kdfPassesOption)
            decoder.shared(CommonOptions.allowWeakPassword, CommonOptions.passwordStdin, CommonOptions.json)
            usage = decoder.usage
        }
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        let memory = try arguments.usage.integer(arguments.kdfMemory, of: Arguments.kdfMemoryOption) ?? KDFParameters.defaultMemoryMiB
        let passes = try arguments.usage.integer(arguments.kdfPasses, of: Arguments.kdfPassesOption) ?? KDFParameters.defaultPasses
        let kdf: KDFParameters
        do {
            kdf = try KDFParameters.generate(memoryMiB: memory, passes: passes)
        } catch {
            throw arguments.usage.error(error.description)
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
