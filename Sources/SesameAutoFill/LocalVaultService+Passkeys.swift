import Foundation
import SesameStore

extension LocalVaultService {
    public func passkeys() throws(ServiceFailure) -> [PasskeyListing] {
        let items: [Item]
        do {
            items = try vault.allItems(in: [.active]).items
        } catch {
            throw ServiceFailure(error)
        }
        let listings = items.flatMap { item in
            item.passkeys.map { PasskeyListing(itemID: item.id, itemTitle: item.title, passkey: PasskeySummary($0)) }
        }
        return listings.sorted {
            ($0.passkey.relyingPartyID, $0.passkey.userName, $0.itemTitle.lowercased(), $0.itemID.uuidString)
                < ($1.passkey.relyingPartyID, $1.passkey.userName, $1.itemTitle.lowercased(), $1.itemID.uuidString)
        }
    }

    /// The active items' passkeys for one relying party, in ``passkeys()``'s order: the vault's keyed index names
    /// the items that hold one (`Vault.items(withPasskeysFor:)`), so a sign-in decrypts those alone.
    public func passkeys(for relyingPartyID: String) throws(ServiceFailure) -> [PasskeyListing] {
        let scan: ItemScan
        do {
            scan = try vault.items(withPasskeysFor: relyingPartyID)
        } catch {
            throw ServiceFailure(error)
        }
        let listings = scan.items.flatMap { item in
            item.passkeys.filter { $0.relyingPartyID == relyingPartyID }
                .map { PasskeyListing(itemID: item.id, itemTitle: item.title, passkey: PasskeySummary($0)) }
        }
        return listings.sorted {
            ($0.passkey.userName, $0.itemTitle.lowercased(), $0.itemID.uuidString)
                < ($1.passkey.userName, $1.itemTitle.lowercased(), $1.itemID.uuidString)
        }
    }
}
