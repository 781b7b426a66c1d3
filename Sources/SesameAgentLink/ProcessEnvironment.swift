import Glibc

/// The process's environment as a dictionary, read from `environ` (what `ProcessInfo.environment` gives, without
/// Foundation). The first of duplicate names wins, as `getenv` does.
public enum ProcessEnvironment {
    /// What finding the vault and the agent reads (`VaultLocation`, `AgentSocketLocation`), and `SESAME_NO_AGENT`.
    public static let agentVariables = [
        "SESAME_NO_AGENT", "SESAME_VAULT", "XDG_DATA_HOME", "HOME", "SESAME_AGENT_SOCK", "XDG_RUNTIME_DIR",
    ]

    /// Only the variables `names`, as ``variables()`` has them: for the fronts, which start for every form and git
    /// command and need a handful of the environment's entries.
    public static func variables(named names: [String]) -> [String: String] {
        var variables: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { variables[name] = String(cString: value) }
        }
        return variables
    }

    public static func variables() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return variables
    }
}
