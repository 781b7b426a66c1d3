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

    /// The active items' passkeys for one relying party, in ``passkeys()``'s order. Every item is read only as far
    /// as suggestions need (``ItemLogin``: no key, no notes), and only the few that hold a passkey of this relying
    /// party are decoded in full: what a sign-in pays at 100,000 items.
    public func passkeys(for relyingPartyID: String) throws(ServiceFailure) -> [PasskeyListing] {
        var holders: [UUID] = []
        do {
            _ = try vault.forEachLogin(in: [.active]) { login in
                if login.passkeys.contains(where: { $0.relyingPartyID == relyingPartyID }) { holders.append(login.id) }
            }
        } catch {
            throw ServiceFailure(error)
        }
        var listings: [PasskeyListing] = []
        for id in holders {
            let item: Item
            do {
                let found = try vault.item(withID: id)
                guard found.state == .active else { continue }
                item = found.item
            } catch VaultError.itemNotFound {
                continue  // gone since the read above
            } catch {
                throw ServiceFailure(error)
            }
            listings += item.passkeys.filter { $0.relyingPartyID == relyingPartyID }
                .map { PasskeyListing(itemID: item.id, itemTitle: item.title, passkey: PasskeySummary($0)) }
        }
        return listings.sorted {
            ($0.passkey.userName, $0.itemTitle.lowercased(), $0.itemID.uuidString)
                < ($1.passkey.userName, $1.itemTitle.lowercased(), $1.itemID.uuidString)
        }
    }
}
