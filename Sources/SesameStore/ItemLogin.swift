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
    /// What suggestions name of the item's passkeys (no key).
    public var passkeys: [PasskeyName]

    /// A passkey as a suggestion names it: the relying party, the account, and when it last signed in.
    public struct PasskeyName: Sendable, Equatable {
        public var credentialID: [UInt8]
        public var relyingPartyID: String
        public var userName: String
        public var userHandle: [UInt8]
        public var lastUsed: Date?

        public init(credentialID: [UInt8], relyingPartyID: String, userName: String, userHandle: [UInt8],
                    lastUsed: Date? = nil) {
            self.credentialID = credentialID
            self.relyingPartyID = relyingPartyID
            self.userName = userName
            self.userHandle = userHandle
            self.lastUsed = lastUsed
        }

        public init(_ passkey: Passkey) {
            self.init(credentialID: passkey.credentialID, relyingPartyID: passkey.relyingPartyID,
                      userName: passkey.userName, userHandle: passkey.userHandle, lastUsed: passkey.lastUsed)
        }
    }

    public init(id: UUID, title: String, username: String = "", hasPassword: Bool = false, urls: [ItemURL] = [],
                matchMode: MatchMode = .domain, hasOneTimeCode: Bool = false, passkeys: [PasskeyName] = []) {
        self.id = id
        self.title = title
        self.username = username
        self.hasPassword = hasPassword
        self.urls = urls
        self.matchMode = matchMode
        self.hasOneTimeCode = hasOneTimeCode
        self.passkeys = passkeys
    }

    public init(_ item: Item) {
        self.init(id: item.id, title: item.title, username: item.username, hasPassword: !item.password.isEmpty,
                  urls: item.urls, matchMode: item.matchMode, hasOneTimeCode: !(item.oneTimeCode ?? "").isEmpty,
                  passkeys: item.passkeys.map(PasskeyName.init))
    }

    /// As `Item.matchMode(for:)`.
    public func matchMode(for url: ItemURL) -> MatchMode {
        matchMode == .never ? .never : (url.match ?? matchMode)
    }
}
