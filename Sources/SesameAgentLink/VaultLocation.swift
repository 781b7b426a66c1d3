import Glibc

/// Where a vault lives when the caller does not say: `$SESAME_VAULT`, else `$XDG_DATA_HOME/sesame/vault.sqlite`,
/// else `~/.local/share/sesame/vault.sqlite`. (On Apple platforms the app passes its App Group container path.)
public enum VaultLocation {
    public static func path(explicit: String? = nil, environment: [String: String] = ProcessEnvironment.variables())
        -> String
    {
        if let explicit, !explicit.isEmpty { return explicit }
        if let fromEnvironment = environment["SESAME_VAULT"], !fromEnvironment.isEmpty { return fromEnvironment }
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return dataHome + "/sesame/vault.sqlite"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FilePath.homeFolder()
        return home + "/.local/share/sesame/vault.sqlite"
    }
}
