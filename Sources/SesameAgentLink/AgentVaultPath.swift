/// Vault paths as the agent compares them: absolute, with symbolic links and `..` resolved, so that `--vault`
/// spelled two ways still names one vault. A vault that does not exist yet keeps its name under its resolved
/// folder.
public enum AgentVaultPath {
    public static func canonical(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FilePath.currentDirectory() + "/" + path
        if let resolved = FilePath.resolved(absolute) { return resolved }
        let normalized = FilePath.normalized(absolute)
        if normalized != "/", let folder = FilePath.resolved(FilePath.folder(of: normalized)) {
            return (folder == "/" ? "" : folder) + "/" + FilePath.lastComponent(of: normalized)
        }
        return normalized
    }
}
