import Glibc
import SesameAgent
import SesameTerminal

// Files the helper may create (an autostarted agent's socket folder) are private to the user.
umask(0o077)
// Credentials and the master password pass through this process: no core file, no ptrace by other processes.
AgentProcess.protectSecrets()
// git may close our stdout early; that must end the helper quietly, not with a crash report.
signal(SIGPIPE, SIG_IGN)

exit(GitCredentialCommand.run(Array(CommandLine.arguments.dropFirst())))
