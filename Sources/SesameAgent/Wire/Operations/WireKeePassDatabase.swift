import Foundation
import SesameStore

/// A KeePass database's own parts on the wire (`importItems` sends them, `export` answers them): its settings,
/// group tree and protected metadata, kept sealed in the vault, so secret-bearing.
struct WireKeePassDatabase: Codable, Sendable, Equatable, CarriesSecrets {
    var id: String
    var fragment: String
    var imported: Date

    enum CodingKeys: String, CodingKey {
        case id = "id", fragment = "fragment", imported = "imported"
    }

    init(_ database: KeePassDatabaseExtras) {
        id = database.id
        fragment = database.fragment
        imported = database.imported
    }

    var database: KeePassDatabaseExtras { KeePassDatabaseExtras(id: id, fragment: fragment, imported: imported) }
}

extension WireKeePassDatabase: CustomStringConvertible, CustomReflectable {
    var description: String { "WireKeePassDatabase(\(id.prefix(64)), redacted)" }
    var customMirror: Mirror { Mirror(self, children: ["id": id], displayStyle: .struct) }
}
