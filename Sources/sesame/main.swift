import Glibc
import SesameAgentLink

// The credential passes through this process: no core file, no ptrace by other processes (as in the full CLI).
AgentProcess.forbidDumps()
// A closed stdout (`sesame fill … | head -c0`) should end quietly.
signal(SIGPIPE, SIG_IGN)

Front.main(CommandLine.arguments)
