import Glibc
import SesameAgent
import SesameAgentLink
import SesameTerminal

// Master passwords and decrypted items pass through this process: no core file, no ptrace by other processes.
// A failure here changes nothing for the user, so it is not reported.
AgentProcess.forbidDumps()

// Every file Sesame creates is private to its user, including SQLite's -wal and -shm.
umask(0o077)
// A file-size limit should surface as "disk full", not kill the process in the middle of a write.
signal(SIGXFSZ, SIG_IGN)
// A closed stdout (`sesame list | head`) should end quietly, not with a crash report.
signal(SIGPIPE, SIG_IGN)

exit(SesameCLI.run(Array(CommandLine.arguments.dropFirst())))
