import Glibc
import SesameAgentLink
import SesameGitProtocol

// The credential passes through this process: no core file, no ptrace by other processes (as in the full helper).
AgentProcess.forbidDumps()
umask(0o077)
// git may close our stdout early; that must end the helper quietly.
signal(SIGPIPE, SIG_IGN)

/// The installed `git-credential-sesame`: serves `get` from an unlocked agent (``FrontGet``) and runs the full
/// helper, `sesame-git-credential` in the same folder, for everything else, standard input passed on.
let arguments = CommandLine.arguments
let full = FullProgram(name: "sesame-git-credential", frontName: "git-credential-sesame")
guard arguments.count == 2, arguments[1] == "get" else { full.run(arguments) }
guard let input = FullProgram.readAll(from: STDIN_FILENO, limit: GitCredentialMessage.maximumBytes) else {
    _ = FullProgram.writeAll(Array("git-credential-sesame: \(GitCredentialMessage.tooLargeMessage).\n".utf8), to: STDERR_FILENO)
    exit(1)
}
if let output = FrontGet(message: GitCredentialMessage(parsing: input)).run(environment: ProcessEnvironment.variables(named: ProcessEnvironment.agentVariables)) {
    exit(FullProgram.writeAll(output, to: STDOUT_FILENO) ? 0 : 1)
}
full.run(arguments, input: input)
