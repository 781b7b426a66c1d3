import Foundation
import SesameAgent
import SesameAgentLink
import SesameAutoFill
import Glibc
import SesameCrypto

/// How the service reaches the vault: the agent that holds it unlocked (`AgentVaultAccess`), or, in tests and
/// fuzzing, a vault in this process.
public protocol VaultAccess: AnyObject {
    /// The unlocked vault, or nil while it is locked.
    func unlockedVault() -> (any SecretServiceVault)?
    /// Forgets a connection that failed, so the next call attaches again.
    func reset()
    /// Locks the vault (the Secret Service's `Lock`).
    func lock()
    /// What unlocks the vault with a master password; run off the bus thread, so it must not touch `self`.
    func makeUnlocker() -> @Sendable (SecureBytes) throws(ServiceFailure) -> Void
}

/// The vault behind the agent: the vault key stays in the agent's process.
public final class AgentVaultAccess: VaultAccess {
    let vaultPath: String
    let location: AgentSocketLocation
    let spawnAgent: @Sendable () throws(AgentError) -> pid_t
    private var client: AgentClient?

    /// `spawnAgent` starts an agent when none runs (an unlock needs one) and returns its pid.
    public init(vaultPath: String, location: AgentSocketLocation, spawnAgent: @escaping @Sendable () throws(AgentError) -> pid_t) {
        self.vaultPath = vaultPath
        self.location = location
        self.spawnAgent = spawnAgent
    }

    public func unlockedVault() -> (any SecretServiceVault)? {
        // An attach on the open connection says whether the agent still holds the vault unlocked (it locks on its
        // own when idle) and resets its idle timer: clients using the vault keep it unlocked, as people do.
        if let client {
            if let status = try? client.attach(vault: vaultPath), status.isUnlocked, status.vault == vaultPath { return client }
            self.client = nil
        }
        client = (try? AgentClient.attachUnlocked(vault: vaultPath, at: location, clientName: "sesame-secret-service")) ?? nil
        return client
    }

    public func reset() { client = nil }

    public func lock() {
        _ = try? (client ?? AgentClient.connect(to: location, clientName: "sesame-secret-service")).lock()
        client = nil
    }

    public func makeUnlocker() -> @Sendable (SecureBytes) throws(ServiceFailure) -> Void {
        let vaultPath = vaultPath, location = location, spawnAgent = spawnAgent
        return { password throws(ServiceFailure) in
            let agent: AgentClient
            do throws(AgentError) {
                let (connected, _) = try AgentLauncher.connectOrStart(location: location, clientName: "sesame-secret-service", spawn: spawnAgent)
                agent = connected
            } catch {
                throw ServiceFailure(.unavailable, error.message)
            }
            _ = try agent.unlock(vault: vaultPath, password: password)
        }
    }
}
