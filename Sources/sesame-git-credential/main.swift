import Glibc
import SesameAgent
import SesameAgentLink
import SesameTerminal

// The master password and the credential pass through this process: no core file, no ptrace by other processes.
AgentProcess.forbidDumps()

// Files the helper may create (an autostarted agent's socket folder) are private to the user.
umask(0o077)
// git may close our stdout early; that must end the helper quietly, not with a crash report.
signal(SIGPIPE, SIG_IGN)

exit(GitCredentialCommand.run(Array(CommandLine.arguments.dropFirst())))
