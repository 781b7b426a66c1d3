import Foundation
import SesameAutoFill
import SesameCrypto
import SesameStore

/// `browserAssociations`: the browsers the user associated with the vault.
enum BrowserAssociationsOperation: AgentOperation {
    static let name = "browserAssociations"
    static let policy = OperationPolicy.plain

    struct Reply: Codable, Sendable, Equatable {
        var associations: [Association]

        enum CodingKeys: String, CodingKey {
            case associations = "associations"
        }
    }

    /// An association: its name, the extension's public key (base64), when it was made and last used.
    struct Association: Codable, Sendable, Equatable {
        var name: String
        var key: String
        var created: Date
        var lastUsed: Date?

        enum CodingKeys: String, CodingKey {
            case name = "name", key = "key", created = "created", lastUsed = "lastUsed"
        }

        init(_ association: BrowserAssociation) {
            name = association.name
            key = association.key
            created = association.created
            lastUsed = association.lastUsed
        }

        var association: BrowserAssociation { BrowserAssociation(name: name, key: key, created: created, lastUsed: lastUsed) }
    }

    static func perform(_ request: NoFields, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        Reply(associations: try browsers(vault).browserAssociations().map(Association.init))
    }
}
