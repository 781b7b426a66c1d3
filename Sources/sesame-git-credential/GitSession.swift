import Foundation
import Glibc
import SesameAgent
import SesameAgentLink
import SesameAutoFill
import SesameCrypto
import SesameGit
import SesameGitProtocol
import SesameTerminal
import SesameTerminalText

/// How the helper reaches the vault: the unlocked agent, or an unlock on the terminal when a person can answer.
/// This is the provider flow's "without user interaction" / "after authentication" split, for git.
struct GitSession {
    let vaultPath: String
    let environment: [String: String]

    static let attempts = 3

    var location: AgentSocketLocation { AgentSocketLocation.resolve(environment: environment) }

    /// A service holding the vault unlocked, or nil when it is locked and nobody may be asked.
    func service(for message: GitCredentialMessage) throws -> (any SiteCredentialService)? {
        if let agent = unlockedAgent() { return agent }
        guard mayPrompt() else { return nil }
        return try unlockOnTerminal(for: message)
    }

    /// Any problem reaching the agent means "locked" here: git then asks elsewhere, or the terminal unlock says why.
    func unlockedAgent() -> AgentClient? {
        (try? AgentClient.attachUnlocked(vault: vaultPath, at: location, clientName: "git-credential-sesame")) ?? nil
    }

    /// git's rules for helpers: no prompt with GIT_TERMINAL_PROMPT=0, with credential.interactive=false, or without
    /// a terminal.
    func mayPrompt() -> Bool {
        if environment["GIT_TERMINAL_PROMPT"] == "0" { return false }
        guard SecretPrompt.isTerminalAvailable else { return false }
        return gitConfigBool("credential.interactive") != false
    }

    /// Asks for the master password on /dev/tty (three tries), unlocks the agent, starting it if needed.
    func unlockOnTerminal(for message: GitCredentialMessage) throws -> (any SiteCredentialService)? {
        let (agent, _) = try AgentLauncher.connectOrStart(location: location, clientName: "git-credential-sesame") {
            () throws(AgentError) in
            try AgentLauncher.spawnAgent(
                executable: Self.sesameExecutable(), on: location,
                publicSuffixListPath: PublicSuffixListFile.path(environment: environment), environment: environment)
        }
        // The host comes from the remote's URL: shown on the terminal, cut short and escaped.
        let site = TerminalText.quoted([message[.protocol], message[.host]].compactMap { $0 }.joined(separator: "://"))
        for attempt in 1...Self.attempts {
            let password: SecureBytes
            do {
                password = try SecretPrompt.read(prompt: "Sesame master password (for git, \(site)): ")
            } catch {
                return nil  // Ctrl-C or Ctrl-D: the person declined; git asks elsewhere.
            }
            do {
                _ = try agent.unlock(vault: vaultPath, password: password)
                agent.vault = vaultPath
                return agent
            } catch {
                // (A `catch … where` on this typed throw crashes Swift 6.3.1's SILGen.)
                guard error.code == .wrongPassword else { throw error }
                Terminal.writeToStandardError(attempt < Self.attempts ? "Wrong master password; try again.\n" : "Wrong master password.\n")
            }
        }
        return nil
    }

    /// `sesame`, installed next to this helper (as the setup does), else found on PATH.
    static func sesameExecutable() -> String {
        if let resolved = realpath("/proc/self/exe", nil) {
            defer { free(resolved) }
            let sibling = (String(cString: resolved) as NSString).deletingLastPathComponent + "/sesame"
            if FileManager.default.isExecutableFile(atPath: sibling) { return sibling }
        }
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin").split(separator: ":") {
            let candidate = String(folder) + "/sesame"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "/usr/local/bin/sesame"
    }

    /// `git config --bool NAME` (git passes `-c` settings to helpers through GIT_CONFIG_PARAMETERS, which this
    /// honours); nil when unset or git is unavailable. Only consulted when a prompt is about to happen.
    func gitConfigBool(_ name: String) -> Bool? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "config", "--bool", name]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        switch String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) {
        case "true": return true
        case "false": return false
        default: return nil
        }
    }
}
