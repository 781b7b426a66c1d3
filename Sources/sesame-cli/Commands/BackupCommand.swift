import SesameStore
import SesameTerminal

/// `sesame backup FILE`: a consistent single-file copy of the vault, safe to take while the agent or another
/// command has the vault open. No master password: the copy is as encrypted as the vault.
enum BackupCommand: Command {
    static let spec = CommandSpec(
        name: "backup",
        abstract: "Copy the vault into one new file.",
        discussion: "The copy is one consistent state of the vault, taken through SQLite's online backup API, so it is safe while the agent or another command uses the vault. It is encrypted like the vault and opens with the same master password (sesame list --vault FILE). FILE is created with mode 0600 and is never overwritten. Copying vault.sqlite by hand is not a backup while a -wal file exists beside it. For a portable file under a password of its own, to move logins into another vault, see sesame export --format sesame.",
        declaring: Arguments.self,
        familiarNames: ["dump"])

    struct Arguments: CommandArguments {
        let file: String?
        let usage: CommandUsage

        init(_ decoder: inout ArgumentDecoder) {
            file = decoder.argument(ArgumentSpec("file", help: "The new file to write (must not exist)."))
            decoder.shared(CommonOptions.json, CommonOptions.vault)
            usage = decoder.usage
        }
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        guard let file = arguments.file, !file.isEmpty else {
            throw arguments.usage.error("Missing the file to write the backup to")
        }
        let vault = try Vault(path: context.vaultPath, publicSuffixList: context.publicSuffixList())
        defer { vault.close() }
        try vault.backup(to: file)
        if context.wantsJSON {
            try context.printJSON(["vault": vault.path, "backup": file])
        } else {
            print("Backed up \(vault.path) to \(file).")
        }
    }
}
