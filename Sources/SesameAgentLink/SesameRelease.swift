/// The version every Linux program of Sesame reports (`--version`) and names itself with to the agent.
public enum SesameRelease {
    public static let version = "0.1.0"
}
