import Foundation
import SesameAutoFill

/// A credential on the wire: the one secret a fill hands over.
struct WireCredential: Codable, Sendable, Equatable, CarriesSecrets {
    var id: UUID
    var username: String
    var password: String
    var expires: Date?

    enum CodingKeys: String, CodingKey {
        case id = "id", username = "username", password = "password", expires = "expires"
    }

    init(_ credential: Credential) {
        id = credential.id
        username = credential.username
        password = credential.password
        expires = credential.expires
    }

    var credential: Credential { Credential(id: id, username: username, password: password, expires: expires) }
}
