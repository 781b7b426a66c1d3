import Foundation
import SesameAutoFill
import SesameCommandContract
import SesameCrypto
import SesameStore
import SesameTerminal
import SesameTerminalText

/// The stable JSON shape of one item (documented in docs/cli.md). Secrets appear only when revealed (`revealed`
/// is the full item, asked for on purpose) or when the command itself sent them (`password`). Unlike the agent's
/// view on purpose (it is for people's scripts): the id in lower case, each URL's match resolved, no `hasPassword` or
/// history count. `ItemJSONShapeTests` holds its decision for each `ItemField` (docs/design.md).
struct ItemJSON: Encodable {
    // The keys are the contract's, which the `sesame` front writes too.
    typealias CodingKeys = CommandJSON.Item

    struct URLJSON: Encodable {
        typealias CodingKeys = CommandJSON.ItemURL
        var url: String
        var match: String
    }
    struct HistoryJSON: Encodable {
        typealias CodingKeys = CommandJSON.HistoryEntry
        var password: String
        var replaced: Date
    }

    var id: String
    var title: String
    var username: String
    var password: String?
    var urls: [URLJSON]
    var notes: String
    var fields: [ItemView.Field]
    var tags: [String]
    var match: String
    var created: Date
    var modified: Date
    var expires: Date?
    var passwordHistory: [HistoryJSON]?
    /// Absent when the item has none; private keys only when revealed.
    var passkeys: [PasskeyJSON]?
    var hasOneTimeCode: Bool
    /// The otpauth:// URI, only when revealed.
    var oneTimeCode: String?

    init(_ item: ItemView, revealed: Item? = nil, password: String? = nil) {
        id = item.id.uuidString.lowercased()
        title = item.title
        username = item.username
        self.password = revealed?.password ?? password
        urls = item.urls.map { URLJSON(url: $0.url, match: item.matchMode(for: $0).rawValue) }
        notes = item.notes
        fields = revealed.map { $0.fields.map { ItemView.Field(name: $0.name, value: $0.value, isProtected: $0.isProtected) } }
            ?? item.fields
        tags = item.tags
        match = item.matchMode.rawValue
        created = item.created
        modified = item.modified
        expires = item.expires
        passwordHistory = revealed?.passwordHistory.map { HistoryJSON(password: $0.password, replaced: $0.replaced) }
        hasOneTimeCode = item.hasOneTimeCode
        oneTimeCode = revealed?.oneTimeCode
        let keys = Dictionary((revealed?.passkeys ?? []).map { ($0.credentialID, $0.privateKey) }, uniquingKeysWith: { a, _ in a })
        passkeys = item.passkeys.isEmpty ? nil
            : item.passkeys.map { PasskeyJSON($0, privateKey: keys[$0.credentialID]?.pemText) }
    }
}

/// The stable JSON shape of one passkey (docs/cli.md): binary values in base64url, the key as PEM text only when
/// revealed.
struct PasskeyJSON: Encodable {
    typealias CodingKeys = CommandJSON.Passkey

    var relyingParty: String
    var userName: String
    var userDisplayName: String
    var credentialID: String
    var userHandle: String
    var backupEligible: Bool
    var backedUp: Bool
    var signCount: UInt32
    var created: Date
    var lastUsed: Date?
    var privateKey: String?

    init(_ passkey: PasskeySummary, privateKey: String? = nil) {
        relyingParty = passkey.relyingPartyID
        userName = passkey.userName
        userDisplayName = passkey.userDisplayName
        credentialID = passkey.credentialIDText
        userHandle = Base64URL.encode(passkey.userHandle)
        backupEligible = passkey.isBackupEligible
        backedUp = passkey.isBackedUp
        signCount = passkey.signCount
        created = passkey.created
        lastUsed = passkey.lastUsed
        self.privateKey = privateKey
    }
}

/// One row of `sesame passkey list --json`.
struct PasskeyListingJSON: Encodable {
    var item: String
    var title: String
    var passkey: PasskeyJSON

    init(_ listing: PasskeyListing) {
        item = listing.itemID.uuidString.lowercased()
        title = listing.itemTitle
        passkey = PasskeyJSON(listing.passkey)
    }
}

/// The stable JSON shape of one `sesame list` row.
struct SummaryJSON: Encodable {
    typealias CodingKeys = CommandJSON.Summary

    var id: String
    var title: String
    var username: String
    var urls: [String]
    var tags: [String]
    var created: Date
    var modified: Date

    init(_ summary: ItemSummary) {
        id = summary.id.uuidString.lowercased()
        title = summary.title
        username = summary.username
        urls = summary.urls
        tags = summary.tags
        created = summary.created
        modified = summary.modified
    }
}

/// The table `list` and `trash list` print: title, user name, first URL, short id; never secrets.
enum SummaryTable {
    static func print(_ items: [ItemSummary]) {
        Swift.print(render(items), terminator: "")
    }

    /// The table as text, fitted to standard output's terminal if it is one; Table escapes its cells itself, and
    /// styles its headers.
    static func render(_ items: [ItemSummary]) -> String {
        var table = Table(headers: CommandOutput.summaryColumns)
        for item in items {
            table.append([item.title, item.username, item.urls.first ?? "", String(item.id.uuidString.lowercased().prefix(8))])
        }
        return table.render(maxWidth: Terminal.standardOutputWidth, style: .standardOutput)
    }
}

enum ItemText {
    /// Prints ``render(_:revealed:style:)`` on standard output, in bold where it takes colour.
    static func print(_ item: ItemView, revealed: Item?) {
        // Swift.print: the text is escaped value by value already, and its own bold must reach the terminal.
        Swift.print(render(item, revealed: revealed, style: .standardOutput), terminator: "")
    }

    /// A person-readable view of one item (``ItemCard``, which the `sesame` front prints too); the password and
    /// protected fields only when revealed.
    static func render(_ item: ItemView, revealed: Item?, style: TextStyle) -> String {
        ItemCard(
            id: item.id.uuidString.lowercased(), title: item.title, username: item.username, password: revealed?.password,
            hasPassword: item.hasPassword, urls: item.urls.map { ($0.url, item.matchMode(for: $0).rawValue) },
            // A protected field's value is nil unless revealed.
            fields: revealed?.fields.map { ItemCard.Field(name: $0.name, value: $0.value) }
                ?? item.fields.map { ItemCard.Field(name: $0.name, value: $0.value) },
            tags: item.tags, matchMode: item.matchMode.rawValue, expires: item.expires.map(format),
            modified: format(item.modified), created: format(item.created),
            history: revealed.map { $0.passwordHistory.map { ($0.password, format($0.replaced)) } },
            historyCount: item.passwordHistoryCount, notes: item.notes,
            hasOneTimeCode: item.hasOneTimeCode, oneTimeCode: revealed?.oneTimeCode,
            passkeys: item.passkeys.map {
                ItemCard.Passkey(relyingParty: $0.relyingPartyID, userName: $0.userName, credentialID: $0.credentialIDText,
                                 created: format($0.created), lastUsed: $0.lastUsed.map(format))
            },
            // Private keys only when revealed, each as the PEM text KeePass keeps.
            privateKeys: (revealed?.passkeys ?? []).map {
                ItemCard.PrivateKey(relyingParty: $0.relyingPartyID, credentialID: $0.credentialIDText, pemText: $0.privateKey.pemText)
            }
        ).render(style: style)
    }

    static func format(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
