import Foundation
import SesameAutoFill
import SesameStore

/// What a browser extension may do with the vault (the KeePassXC-Browser protocol's actions), always on behalf
/// of an association the user allowed. Implemented by `LocalVaultService` in the agent and by `AgentClient` for
/// the native-messaging host, which never holds the vault key. Making an association is the agent's alone: it
/// follows the user's `sesame browser allow` (`LocalVaultService.associateBrowser`).
public protocol BrowserAccess: AnyObject {
    /// The vault's stable name for extensions (see `Vault.browserDatabaseHash`).
    func browserDatabaseHash() throws(ServiceFailure) -> String
    func browserAssociations() throws(ServiceFailure) -> [BrowserAssociation]
    /// Forgets an association; `.notFound` when there is none of that name.
    func revokeBrowserAssociation(name: String) throws(ServiceFailure)
    /// Whether `key` is the key of the association `name` (`test-associate`); records its use.
    func testBrowserAssociation(_ key: BrowserKey) throws(ServiceFailure) -> Bool
    /// The best logins for a page, passwords included, for an association among `query.keys`.
    func browserLogins(_ query: BrowserLoginQuery) throws(ServiceFailure) -> BrowserLogins
    /// Keeps a login the browser saw submitted: updates the item it names (only one the page would be offered),
    /// or adds a new one.
    @discardableResult
    func saveBrowserLogin(_ login: BrowserLoginSave) throws(ServiceFailure) -> ItemView
    /// The current one-time code of a login the page is offered (`get-totp`), for the association `query.key`;
    /// nil when that login has no one-time code.
    ///
    /// - Throws: `.notFound` when the key is not associated, `.noMatch` when the item is not a login of the page,
    ///   `.invalidInput` when its one-time code setting cannot be read.
    func browserOneTimeCode(_ query: BrowserOneTimeCodeQuery) throws(ServiceFailure) -> OneTimeCode?
}

/// An association as an extension presents it: the name it was given and its public key (base64).
public struct BrowserKey: Codable, Sendable, Equatable {
    public var id: String
    public var key: String

    public init(id: String, key: String) {
        self.id = id
        self.key = key
    }

    enum CodingKeys: String, CodingKey {
        case id = "id", key = "key"
    }
}

/// `get-logins`: the page, the form's target, and the associations the extension holds for this vault.
public struct BrowserLoginQuery: Codable, Sendable, Equatable {
    public var url: String
    public var submitURL: String?
    public var keys: [BrowserKey]

    public init(url: String, submitURL: String? = nil, keys: [BrowserKey]) {
        self.url = url
        self.submitURL = submitURL
        self.keys = keys
    }

    enum CodingKeys: String, CodingKey {
        case url = "url", submitURL = "submitURL", keys = "keys"
    }
}

/// One login offered to a page, secrets included.
public struct BrowserLogin: Codable, Sendable, Equatable {
    public var id: UUID
    public var title: String
    public var username: String
    public var password: String
    public var expired: Bool
    /// The current one-time code, when the item has a readable one (the extension's `totp`, as KeePassXC sends it).
    public var oneTimeCode: String?

    public init(id: UUID, title: String, username: String, password: String, expired: Bool, oneTimeCode: String?) {
        self.id = id
        self.title = title
        self.username = username
        self.password = password
        self.expired = expired
        self.oneTimeCode = oneTimeCode
    }

    enum CodingKeys: String, CodingKey {
        case id = "id", title = "title", username = "username", password = "password", expired = "expired"
        case oneTimeCode = "oneTimeCode"
    }
}

/// The answer to `get-logins`: which association asked, and the best logins for the page.
public struct BrowserLogins: Codable, Sendable, Equatable {
    public var association: String
    public var logins: [BrowserLogin]

    public init(association: String, logins: [BrowserLogin]) {
        self.association = association
        self.logins = logins
    }

    enum CodingKeys: String, CodingKey {
        case association = "association", logins = "logins"
    }
}

/// `set-login`: what the browser saw submitted, for a page, by an association.
public struct BrowserLoginSave: Codable, Sendable, Equatable {
    public var url: String
    public var submitURL: String?
    public var username: String
    public var password: String
    /// The item to update; nil adds a new one.
    public var itemID: UUID?
    public var key: BrowserKey

    public init(url: String, submitURL: String?, username: String, password: String, itemID: UUID?, key: BrowserKey) {
        self.url = url
        self.submitURL = submitURL
        self.username = username
        self.password = password
        self.itemID = itemID
        self.key = key
    }

    enum CodingKeys: String, CodingKey {
        case url = "url", submitURL = "submitURL", username = "username", password = "password"
        case itemID = "itemID", key = "key"
    }
}

/// `get-totp`: which login (an id `get-logins` offered), for which page, by which association.
public struct BrowserOneTimeCodeQuery: Codable, Sendable, Equatable {
    public var url: String
    public var submitURL: String?
    public var itemID: UUID
    public var key: BrowserKey

    public init(url: String, submitURL: String?, itemID: UUID, key: BrowserKey) {
        self.url = url
        self.submitURL = submitURL
        self.itemID = itemID
        self.key = key
    }

    enum CodingKeys: String, CodingKey {
        case url = "url", submitURL = "submitURL", itemID = "itemID", key = "key"
    }
}

extension BrowserLoginSave: CustomStringConvertible {
    public var description: String { "BrowserLoginSave(redacted)" }
}
