import Foundation
import SesameStore

extension VaultItems {
    /// The current one-time code of an item. Built on `reveal`, so a remote vault needs no operation of its own:
    /// the agent's policy already lets the secrets of exactly one item out (docs/agent-protocol.md §5).
    public func oneTimeCode(for id: UUID, at date: Date = Date()) throws(ServiceFailure) -> OneTimeCode {
        let item = try reveal(id)
        guard let code = try item.currentOneTimeCode(at: date) else {
            throw ServiceFailure(.notFound, "'\(item.title)' has no one-time code.")
        }
        return code
    }
}

extension Item {
    /// The item's code at `date`, from its `otpauth://` URI; nil when it has none.
    public func currentOneTimeCode(at date: Date) throws(ServiceFailure) -> OneTimeCode? {
        guard let uri = oneTimeCode, !uri.isEmpty else { return nil }
        return OneTimeCode(try OneTimeCodeSettings(parsing: uri), at: date)
    }
}
