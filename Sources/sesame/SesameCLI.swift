import SesameAgent
import SesameTerminal

/// The `sesame` command: the root of the command tree that ``CommandDispatcher`` walks.
enum SesameCLI: CommandGroup {
    static let version = SesameRelease.version

    static var subcommands: [any Command.Type] {[
        InitCommand.self, AddCommand.self, ListCommand.self, ShowCommand.self, EditCommand.self,
        RemoveCommand.self, PasswdCommand.self, BackupCommand.self, GenerateCommand.self,
        MatchCommand.self, FillCommand.self, EquivalentsCommand.self, TrashCommand.self,
        UnlockCommand.self, LockCommand.self, StatusCommand.self, AgentCommand.self, SetupCommand.self,
        TotpCommand.self, PasskeyCommand.self, ConfigCommand.self, AuditCommand.self,
        ImportCommand.self, ExportCommand.self,
        SyncCommand.self, ConflictsCommand.self,
        BrowserCommand.self, AutoTypeCommand.self,
        SecretServiceCommand.self,
        VerifyCommand.self,
    ]}

    static let spec = CommandSpec(
        name: "sesame",
        abstract: "A password vault whose logins fill other programs' login forms.",
        discussion: "Secrets are never taken from arguments or the environment: they are asked for on the terminal without echo, or read from standard input with --password-stdin.",
        version: version,
        subcommands: subcommandSpecs)

    static func run(_ arguments: [String]) -> ExitStatus {
        do {
            return try CommandDispatcher.run(self, arguments, path: "sesame")
        } catch {
            exit(with: CommandContext.translate(error))
        }
    }
}
