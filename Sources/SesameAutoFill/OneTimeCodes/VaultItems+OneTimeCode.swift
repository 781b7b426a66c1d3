import Foundation

extension VaultItems {
    /// The current one-time code of an item. Built on `reveal`, so a remote vault needs no operation of its own:
    /// the agent's policy already lets the secrets of exactly one item out (docs/agent-protocol.md §5).
    public func oneTimeCode(for id: UUID, at date: Date = Date()) throws(ServiceFailure) -> OneTimeCode {
        let item = try reveal(id)
        guard let uri = item.oneTimeCode, !uri.isEmpty else {
            throw ServiceFailure(.notFound, "'\(item.title)' has no one-time code.")
        }
        return OneTimeCode(try OneTimeCodeSettings(parsing: uri), at: date)
    }
}
