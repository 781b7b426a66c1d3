import Foundation
import Glibc
import SesameAgent
import SesameAgentLink
import SesameAutoFill
import SesameBrowserAccess
import SesameStore
import SesameSystemCalls

/// The host's way to the vault: the user's agent, holding `vaultPath` unlocked. One connection serves the
/// extension's requests in turn; each held association request opens its own.
public final class AgentBrowserBackend: BrowserBackend, @unchecked Sendable {
    // @unchecked: `client` is guarded by `clientLock`; a held association request uses a client of its own.
    public static let clientName = "sesame-browser-host"

    let vaultPath: String
    let location: AgentSocketLocation
    private let clientLock = NSLock()
    private var client: AgentClient?

    public init(vaultPath: String, location: AgentSocketLocation) {
        self.vaultPath = vaultPath
        self.location = location
    }

    public func call<T>(_ body: (any BrowserAccess) throws(ServiceFailure) -> T) throws(ServiceFailure) -> T {
        clientLock.lock()
        defer { clientLock.unlock() }
        // A connection the agent closed (idle for long, or restarted) is replaced once.
        for attempt in 0..<2 {
            let agent = try connected()
            do {
                return try body(agent)
            } catch where error.code == .unavailable && attempt == 0 {
                client = nil
            }
        }
        throw ServiceFailure(.locked, "The agent does not answer.")
    }

    public func requestAssociation(key: String, origin: String) throws(ServiceFailure)
        -> (BrowserAssociation, hash: String)
    {
        let agent = try Self.attach(vaultPath, at: location)
        let association = try agent.requestBrowserAssociation(key: key, origin: origin)
        return (association, try agent.browserDatabaseHash())
    }

    /// Runs `sesame autotype --site SITE` (which finds the window and runs the X11 helper), installed beside the host, with standard input and output on
    /// /dev/null (the host's own are the browser's channel); a thread reaps it.
    public func requestAutoType(site: String) throws(ServiceFailure) {
        guard let resolved = realpath("/proc/self/exe", nil) else {
            throw ServiceFailure(.unavailable, "Cannot find the host's own path.")
        }
        let executable = (String(cString: resolved) as NSString).deletingLastPathComponent + "/sesame"
        free(resolved)
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw ServiceFailure(.unavailable, "Auto-Type (sesame autotype) is not installed beside the host.")
        }
        var spawn = ChildSpawn(
            path: executable, arguments: [executable, "autotype", "--site", site, "--vault", vaultPath], environment: nil)
        spawn.standardInput = .null
        spawn.standardOutput = .null
        guard let pid = try? spawn.start().pid else {
            throw ServiceFailure(.unavailable, "Auto-Type could not be started.")
        }
        let child = pid
        Thread.detachNewThread {
            var status: Int32 = 0
            _ = waitpid(child, &status, 0)
        }
    }

    public func lock() throws(ServiceFailure) {
        try call { vault throws(ServiceFailure) in
            guard let agent = vault as? AgentClient else { return }
            try agent.lock()
        }
    }

    /// clientLock: the open connection, or a new one.
    private func connected() throws(ServiceFailure) -> AgentClient {
        if let client { return client }
        let agent = try Self.attach(vaultPath, at: location)
        client = agent
        return agent
    }

    private static func attach(_ vaultPath: String, at location: AgentSocketLocation) throws(ServiceFailure) -> AgentClient {
        let agent: AgentClient?
        do {
            agent = try AgentClient.attachUnlocked(vault: vaultPath, at: location, clientName: clientName)
        } catch {
            throw ServiceFailure(.locked, "The agent cannot be reached: \(error.message)")
        }
        guard let agent else { throw ServiceFailure(.locked, "The vault is not unlocked in the agent.") }
        return agent
    }
}
