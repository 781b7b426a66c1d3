import Foundation
import SesameAutoFill
import SesameCrypto

/// `equivalents`: the vault's equivalent-domain groups, as stored (`{"version": 1, "groups": [...]}`).
enum EquivalentsOperation: AgentOperation {
    static let name = "equivalents"
    static let policy = OperationPolicy.plain

    struct Reply: Codable, Sendable, Equatable {
        var equivalents: Domains

        enum CodingKeys: String, CodingKey {
            case equivalents = "equivalents"
        }
    }

    /// The groups and the version of their stored form: a client older than the vault's form refuses them.
    struct Domains: Codable, Sendable, Equatable {
        var version: Int
        var groups: [WireEquivalentGroup]

        enum CodingKeys: String, CodingKey {
            case version = "version", groups = "groups"
        }

        init(_ domains: EquivalentDomains) {
            version = EquivalentDomains.formatVersion
            groups = domains.groups.map(WireEquivalentGroup.init)
        }

        func domains() throws(ServiceFailure) -> EquivalentDomains {
            guard version <= EquivalentDomains.formatVersion else {
                throw ServiceFailure(.protocolError, "The agent sent equivalent domains in a newer form than this client reads.")
            }
            return EquivalentDomains(groups: groups.map(\.group))
        }
    }

    static func perform(_ request: NoFields, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        Reply(equivalents: Domains(try vault.equivalents()))
    }
}
