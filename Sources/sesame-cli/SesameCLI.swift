import SesameAgent
import SesameAgentLink
import SesameTerminal

/// The `sesame` command: the root of the command tree that ``CommandDispatcher`` walks.
enum SesameCLI: CommandGroup {
    static let version = SesameRelease.version

    static var subcommands: [any Command.Type] {[
        InitCommand.self, AddCommand.self, ListCommand.self, ShowCommand.self, GetCommand.self, CopyCommand.self,
        EditCommand.self,
        RemoveCommand.self, PasswdCommand.self, BackupCommand.self, GenerateCommand.self,
        MatchCommand.self, FillCommand.self, EquivalentsCommand.self, TrashCommand.self,
        UnlockCommand.self, LockCommand.self, StatusCommand.self, AgentCommand.self, SetupCommand.self,
        TotpCommand.self, PasskeyCommand.self, ConfigCommand.self, AuditCommand.self,
        ImportCommand.self, ExportCommand.self,
        SyncCommand.self, ConflictsCommand.self,
        BrowserCommand.self, AutoTypeCommand.self,
        SecretServiceCommand.self,
        VerifyCommand.self, CompletionCommand.self, ManualCommand.self, CompleteCommand.self,
    ]}

    /// What `man sesame` says beyond the command tree.
    static let manualSections: [ManualPage.Section] = [
        ManualPage.Section("Exit status", [
            "- 0: success.", "- 1: an error, explained in one sentence on standard error.",
            "- 2: a wrong master password.", "- 64: a usage error (the error, the usage line, where to find help).",
        ]),
        ManualPage.Section("Secrets", [
            "Secrets never come from arguments or the environment. They are asked for on the terminal without echo (a wrong master password is asked again, three tries), or read from standard input with --password-stdin, one per line, master password first. A master password typed at a prompt also unlocks the vault in the agent, so the commands that follow ask nothing until it locks (sesame config set unlock-on-prompt off to keep it in one command).",
        ]),
        ManualPage.Section("Environment", [
            "- SESAME_VAULT: the vault file (else $XDG_DATA_HOME/sesame/vault.sqlite, else ~/.local/share/sesame/vault.sqlite).",
            "- SESAME_AGENT_SOCK: the agent's socket (else $XDG_RUNTIME_DIR/sesame/agent.sock).",
            "- SESAME_NO_AGENT=1: this command ignores the agent.",
            "- NO_COLOR: no colour; colour is only ever used on a terminal.",
            "- PAGER, SESAME_PAGER: the pager for long lists on a terminal (else less).",
            "- SESAME_CHOOSER=list: choose among items of one name from a numbered list even where fzf is installed.",
        ]),
        ManualPage.Section("Files", [
            "- ~/.local/share/sesame/vault.sqlite: the vault.",
            "- ~/.config/sesame/config.json: settings (sesame config).",
            "- ~/.config/systemd/user/sesame-agent.socket, sesame-agent.service, sesame-secret-service.service: written by sesame setup systemd.",
        ]),
    ]

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
