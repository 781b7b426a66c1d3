import Foundation
import SesameStore

extension LocalVaultService {
    public func passkeys() throws(ServiceFailure) -> [PasskeyListing] {
        do {
            return Self.listings(of: try vault.allItems(in: [.active]).items) { _ in true }
        } catch {
            throw ServiceFailure(error)
        }
    }

    /// The active items' passkeys for one relying party, in ``passkeys()``'s order: the vault's keyed index names
    /// the items that hold one (`Vault.items(withPasskeysFor:)`), so a sign-in decrypts those alone.
    public func passkeys(for relyingPartyID: String) throws(ServiceFailure) -> [PasskeyListing] {
        do {
            return Self.listings(of: try vault.items(withPasskeysFor: relyingPartyID).items) {
                $0.relyingPartyID == relyingPartyID
            }
        } catch {
            throw ServiceFailure(error)
        }
    }

    /// The passkeys of `items` that `include` keeps, without keys, ordered by relying party, user name, item title.
    private static func listings(of items: [Item], where include: (Passkey) -> Bool) -> [PasskeyListing] {
        items.flatMap { item in
            item.passkeys.filter(include)
                .map { PasskeyListing(itemID: item.id, itemTitle: item.title, passkey: PasskeySummary($0)) }
        }
        .sorted {
            ($0.passkey.relyingPartyID, $0.passkey.userName, $0.itemTitle.lowercased(), $0.itemID.uuidString)
                < ($1.passkey.relyingPartyID, $1.passkey.userName, $1.itemTitle.lowercased(), $1.itemID.uuidString)
        }
    }
}
