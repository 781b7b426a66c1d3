import Foundation
import SesameAutoFill

/// One passkey and the item that holds it, as `passkeys` answers: ``WirePasskeySummary`` has no private key.
struct WirePasskeyListing: Codable, Sendable, Equatable {
    var itemID: UUID
    var itemTitle: String
    var passkey: WirePasskeySummary

    enum CodingKeys: String, CodingKey {
        case itemID = "itemID"
        case itemTitle = "itemTitle"
        case passkey = "passkey"
    }

    init(_ listing: PasskeyListing) {
        itemID = listing.itemID
        itemTitle = listing.itemTitle
        passkey = WirePasskeySummary(listing.passkey)
    }

    func listing() throws(ServiceFailure) -> PasskeyListing {
        PasskeyListing(itemID: itemID, itemTitle: itemTitle, passkey: try passkey.summary())
    }
}
