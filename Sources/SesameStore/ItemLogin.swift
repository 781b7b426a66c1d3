import Foundation

/// What suggestions need of an item, read without the rest of it: no password (only whether there is one), no
/// notes, fields, history or attachments. A full identity sync reads every item this way (`Vault.forEachLogin`),
/// so building 100,000 identities neither copies every secret into the heap nor spends its time decoding what it
/// drops.
public struct ItemLogin: Sendable, Equatable {
    public var id: UUID
    public var title: String
    public var username: String
    public var hasPassword: Bool
    public var urls: [ItemURL]
    public var matchMode: MatchMode
    public var hasOneTimeCode: Bool

    public init(id: UUID, title: String, username: String = "", hasPassword: Bool = false, urls: [ItemURL] = [],
                matchMode: MatchMode = .domain, hasOneTimeCode: Bool = false) {
        self.id = id
        self.title = title
        self.username = username
        self.hasPassword = hasPassword
        self.urls = urls
        self.matchMode = matchMode
        self.hasOneTimeCode = hasOneTimeCode
    }

    public init(_ item: Item) {
        self.init(id: item.id, title: item.title, username: item.username, hasPassword: !item.password.isEmpty,
                  urls: item.urls, matchMode: item.matchMode, hasOneTimeCode: !(item.oneTimeCode ?? "").isEmpty)
    }

    /// As `Item.matchMode(for:)`.
    public func matchMode(for url: ItemURL) -> MatchMode {
        matchMode == .never ? .never : (url.match ?? matchMode)
    }
}
