import Glibc
import SesameAgentLink

/// The commands the installed `sesame` serves itself from an unlocked agent, the ones people and programs run most:
/// `fill`, `match`, `list`, `show`, `totp`. Each reads only the plain spellings of its own options and hands
/// everything else — other commands and options, help, no agent, a locked vault, an error, a case whose message
/// needs more than the agent's answer — to the full CLI, so those keep its exact behaviour, and commands and
/// options added to the full CLI need no change here.
public enum FrontCommands {
    /// The exit status of a command served here; nil when the full CLI should run it.
    public static func run(_ words: [String], environment: [String: String]) -> Int32? {
        switch words.first {
        case "fill":
            guard let fill = FrontFill(words), let output = fill.run(environment: environment) else { return nil }
            return FullProgram.writeAll(output, to: STDOUT_FILENO) ? 0 : 1
        case "match": return FrontMatch(words, environment: environment)?.run()
        case "list": return FrontList(words, environment: environment)?.run()
        case "show": return FrontShow(words, environment: environment)?.run()
        case "totp": return FrontTotp(words, environment: environment)?.run()
        default: return nil
        }
    }
}
