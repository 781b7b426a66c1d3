import Glibc
import SesameAgentLink
import SesameFront

/// The installed `sesame`: a small, fully static program that serves the commands run most from an unlocked agent
/// itself (``FrontCommands``) and runs the full CLI, `sesame-cli` in the same folder, for everything else with the
/// same arguments, so every other command, its help, messages and exit statuses are the full CLI's own.
enum Front {
    static func main(_ arguments: [String]) -> Never {
        let environment = ProcessEnvironment.variables(named: ProcessEnvironment.agentVariables + ["NO_COLOR", "TERM"])
        if let status = FrontCommands.run(Array(arguments.dropFirst()), environment: environment) {
            exit(status)
        }
        FullProgram(name: "sesame-cli", frontName: "sesame").run(arguments)
    }
}
