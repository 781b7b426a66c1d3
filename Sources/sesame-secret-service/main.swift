import Foundation
import Glibc
import SesameAgent
import SesameAgentLink
import SesameTerminal

// Secrets pass through this process (decrypted for a client's session): no core file, no ptrace by others.
AgentProcess.forbidDumps()
umask(0o077)
signal(SIGPIPE, SIG_IGN)

exit(SecretServiceCommand.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
