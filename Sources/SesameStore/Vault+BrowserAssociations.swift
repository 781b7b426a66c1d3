import Foundation
import SesameCrypto

// MARK: - Browser associations

/// The browser extensions the user allowed, kept as one sealed setting (a JSON list), and the stable name of the
/// vault that the extension files its association under.
extension Vault {
    static let browserAssociationsSetting = "browser.associations"

    public func browserAssociations() throws -> [BrowserAssociation] {
        guard let bytes = try setting(named: Self.browserAssociationsSetting) else { return [] }
        return try decodeAssociations(bytes)
    }

    /// Reads, changes and writes the list in one write transaction, so a concurrent change is never lost.
    public func updateBrowserAssociations(_ transform: (inout [BrowserAssociation]) throws -> Void) throws {
        try updateSetting(named: Self.browserAssociationsSetting) { bytes in
            var associations = try bytes.map(decodeAssociations) ?? []
            try transform(&associations)
            guard !associations.isEmpty else { return nil }
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return Array(try encoder.encode(associations))
        }
    }

    /// 64 hex digits that name this vault to a browser extension: the same on every copy of the vault (it comes
    /// from the vault's id) and for the vault's whole life, since an extension treats a new hash as a new,
    /// unassociated database. Only an unlocked vault answers, as KeePassXC answers only for an open database.
    public func browserDatabaseHash() throws -> String {
        _ = try withErrorMapping { try requireKeys() }
        let header = try readHeader()
        return Digest.blake2b(Array("sesame.browser.v1".utf8) + header.vaultID)
            .map { String(format: "%02x", $0) }.joined()
    }

    private func decodeAssociations(_ bytes: [UInt8]) throws -> [BrowserAssociation] {
        do {
            return try JSONDecoder().decode([BrowserAssociation].self, from: Data(bytes))
        } catch {
            throw VaultError.damaged(path: path, detail: "the browser associations cannot be read")
        }
    }
}
