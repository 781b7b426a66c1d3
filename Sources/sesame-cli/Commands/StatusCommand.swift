import Foundation
import SesameAgent
import SesameAgentLink
import SesameTerminal

/// `sesame status`: whether the agent runs, which vault it holds, whether it is unlocked and for how long.
enum StatusCommand: Command {
    static let spec = CommandSpec(
        name: "status",
        abstract: "Show whether the agent runs and holds the vault unlocked.",
        discussion: "Asking does not count as use: it neither unlocks nor extends the time before the agent locks. Exits 0 whether or not an agent runs; scripts read --json.",
        declaring: Arguments.self)

    struct Arguments: CommandArguments {
        init(_ decoder: inout ArgumentDecoder) {
            decoder.shared(CommonOptions.json, CommonOptions.vault)
        }
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        let location = context.agentLocation
        var status: AgentStatus?
        if let client = try context.connectAgent() { status = try client.agentStatus() }
        var report = AgentStatusJSON(status, location: location)
        report.reportsGitHelper = true
        if let helper = GitHelperSetup.configured()?.first(where: GitHelperSetup.isSesame) {
            report.gitHelper = GitHelperJSON(helper: helper, found: GitHelperSetup.exists(helper, environment: context.environment))
        }
        if context.wantsJSON {
            try context.printJSON(report)
            return
        }
        print(report.text(commandVault: context.canonicalVaultPath,
                          vaultExists: FileManager.default.fileExists(atPath: context.vaultPath)), terminator: "")
    }
}

/// The stable JSON shape of `sesame status`, `sesame unlock --json` and `sesame lock --json`. Every key is always
/// present; unknown values are `null`.
struct AgentStatusJSON: Encodable {
    /// Whether an agent answers on the socket.
    var running: Bool
    var pid: Int32?
    var socket: String
    /// The vault the agent holds unlocked, or held last; null when none.
    var vault: String?
    /// Whether the agent holds `vault` unlocked now.
    var unlocked: Bool
    /// Seconds without use after which the agent locks.
    var idleTimeout: Int?
    /// Seconds left before it locks; null when locked.
    var secondsLeft: Int?
    /// `status` only: Sesame's `credential.helper` entry in the global git configuration, null when there is none.
    var gitHelper: GitHelperJSON?
    var reportsGitHelper = false

    init(_ status: AgentStatus?, location: AgentSocketLocation) {
        running = status != nil
        pid = status?.pid
        socket = location.socketPath
        vault = status?.vault
        unlocked = status?.isUnlocked ?? false
        idleTimeout = status.map { Int($0.idleTimeout.rounded()) }
        secondsLeft = status?.timeLeft.map { Int($0.rounded(.down)) }
    }

    enum CodingKeys: String, CodingKey {
        case running, pid, socket, vault, unlocked, idleTimeout, secondsLeft, gitHelper
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(running, forKey: .running)
        try container.encode(pid, forKey: .pid)
        try container.encode(socket, forKey: .socket)
        try container.encode(vault, forKey: .vault)
        try container.encode(unlocked, forKey: .unlocked)
        try container.encode(idleTimeout, forKey: .idleTimeout)
        try container.encode(secondsLeft, forKey: .secondsLeft)
        if reportsGitHelper { try container.encode(gitHelper, forKey: .gitHelper) }
    }

    /// Lines for people; `commandVault` is the vault this command line would use.
    func text(commandVault: String, vaultExists: Bool = true) -> String {
        var lines: [String] = []
        if let pid {
            lines.append("Agent:  running (pid \(pid)) on \(socket)")
        } else {
            lines.append("Agent:  not running (\(socket))")
        }
        lines.append("Vault:  \(vault ?? commandVault)")
        if vault == nil && !vaultExists {
            lines.append("State:  no vault there yet ('sesame init' creates one)")
        } else if unlocked, let secondsLeft, let idleTimeout {
            lines.append("State:  unlocked; locks in \(AgentDuration.format(TimeInterval(secondsLeft))) unless used (idle timeout \(AgentDuration.format(TimeInterval(idleTimeout))))")
        } else {
            lines.append("State:  locked; commands ask for the master password ('sesame unlock' to unlock)")
        }
        if let vault, vault != commandVault {
            lines.append("Note:   commands here use \(commandVault), which the agent does not hold.")
        }
        if let gitHelper {
            lines.append(gitHelper.found
                ? "Git:    asks Sesame (credential.helper \(gitHelper.helper))"
                : "Git:    credential.helper \(gitHelper.helper) is not there: git prints 'not found' and goes on without Sesame; run 'sesame setup git' again")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Sesame's entry among git's credential helpers, and whether git finds what it names.
struct GitHelperJSON: Encodable {
    var helper: String
    var found: Bool
}
