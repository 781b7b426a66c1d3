import Glibc

/// The process's environment as a dictionary, read from `environ` (what `ProcessInfo.environment` gives, without
/// Foundation). The first of duplicate names wins, as `getenv` does.
public enum ProcessEnvironment {
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
