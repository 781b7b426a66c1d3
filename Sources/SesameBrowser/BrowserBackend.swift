import SesameAutoFill
import SesameBrowserAccess
import SesameStore

/// Where the host's actions go: the vault unlocked in the agent. The host holds no vault key and no password
/// longer than one reply.
public protocol BrowserBackend: AnyObject, Sendable {
    /// Runs `body` on the unlocked vault; `.locked` when the agent does not hold it unlocked (or does not run).
    func call<T>(_ body: (any BrowserAccess) throws(ServiceFailure) -> T) throws(ServiceFailure) -> T
    /// Asks the user to associate `key` and waits for the answer, on a connection of its own (other requests go
    /// on meanwhile); returns the association and the vault's hash.
    func requestAssociation(key: String, origin: String) throws(ServiceFailure) -> (BrowserAssociation, hash: String)
    /// Starts Auto-Type for a site's login in the focused window (`request-autotype`), without waiting for it.
    func requestAutoType(site: String) throws(ServiceFailure)
    /// Locks the vault (`lock-database`).
    func lock() throws(ServiceFailure)
}
