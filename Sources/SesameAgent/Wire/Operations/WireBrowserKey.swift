import SesameAutoFill
import SesameBrowserAccess

/// An extension's association as it presents it: the name the user gave it and its public key (base64).
struct WireBrowserKey: Codable, Sendable, Equatable {
    var id: String
    var key: String

    enum CodingKeys: String, CodingKey {
        case id = "id", key = "key"
    }

    init(id: String, key: String) {
        self.id = id
        self.key = key
    }

    init(_ key: BrowserKey) {
        self.init(id: key.id, key: key.key)
    }

    var browserKey: BrowserKey { BrowserKey(id: id, key: key) }
}
