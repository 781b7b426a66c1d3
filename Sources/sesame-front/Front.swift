import Glibc
import SesameAgentLink

/// The installed `sesame`: a small, fully static program that serves the commands started for every form itself
/// (``FrontFill``) and runs the full CLI, `sesame-cli` in the same folder, for everything else with the same
/// arguments, so every other command, its help, messages and exit statuses are the full CLI's own. It knows no
/// command but the ones it serves, so commands added to the CLI need no change here.
enum Front {
    static func main(_ arguments: [String]) -> Never {
        if let fill = FrontFill(Array(arguments.dropFirst())), let output = fill.run(environment: ProcessEnvironment.variables()) {
            exit(FullProgram.writeAll(output, to: STDOUT_FILENO) ? 0 : 1)
        }
        FullProgram(name: "sesame-cli", frontName: "sesame").run(arguments)
    }
}
