import Foundation
import SesameCrypto
import SesameStore

/// What a Sesame item has and KeePass does not (match modes, Secret Service attributes, newer payload fields),
/// carried in the entry's CustomData under `Sesame` so that Sesame → KeePass → Sesame loses nothing. KeePass apps
/// keep CustomData items they do not know.
struct SesameEntryData: Codable, Equatable {
    static let customDataKey = "Sesame"

    var matchMode: MatchMode?
    /// One per URL, in order; nil where the URL follows the item's mode.
    var urlMatches: [MatchMode?]?
    var attributes: [String: String]?
    /// Payload fields this version does not know, base64 by tag.
    var unknownFields: [String: [Data]]?
    /// Set on an entry Sesame writes for an item's second or later passkey (KeePass keeps one per entry): the item
    /// it belongs to, so that an import puts it back.
    var passkeyOf: UUID?
    /// What the `KPEX_PASSKEY_*` attributes have no place for, per passkey of the entry.
    var passkeys: [PasskeyDetails]?

    /// A passkey's display name, counter, times and unknown fields, found again by its credential id.
    struct PasskeyDetails: Codable, Equatable {
        var credentialID: String
        var userDisplayName: String?
        var signCount: UInt32?
        var created: Date
        var lastUsed: Date?
        var unknownFields: [String: [Data]]?

        init(_ passkey: Passkey) {
            credentialID = passkey.credentialIDText
            userDisplayName = passkey.userDisplayName.isEmpty ? nil : passkey.userDisplayName
            signCount = passkey.signCount == 0 ? nil : passkey.signCount
            created = passkey.created
            lastUsed = passkey.lastUsed
            unknownFields = passkey.unknownFields.isEmpty ? nil
                : Dictionary(uniqueKeysWithValues: passkey.unknownFields.map { (String($0.key), $0.value.map { Data($0) }) })
        }

        func apply(to passkey: inout Passkey) {
            if let userDisplayName { passkey.userDisplayName = userDisplayName }
            if let signCount { passkey.signCount = signCount }
            passkey.created = created
            passkey.lastUsed = lastUsed
            for (tag, values) in unknownFields ?? [:] {
                if let tag = UInt64(tag) { passkey.unknownFields[tag] = values.map { Array($0) } }
            }
        }
    }

    init(item: Item) {
        matchMode = item.matchMode == .domain ? nil : item.matchMode
        urlMatches = item.urls.contains { $0.match != nil } ? item.urls.map(\.match) : nil
        attributes = item.attributes.isEmpty ? nil : item.attributes
        unknownFields = item.unknownFields.isEmpty ? nil
            : Dictionary(uniqueKeysWithValues: item.unknownFields.map { (String($0.key), $0.value.map { Data($0) }) })
        passkeys = item.passkeys.prefix(1).isEmpty ? nil : item.passkeys.prefix(1).map(PasskeyDetails.init)
    }

    /// For the entry of an item's second or later passkey.
    init(passkey: Passkey, of item: Item) {
        passkeyOf = item.id
        passkeys = [PasskeyDetails(passkey)]
    }

    var isEmpty: Bool {
        matchMode == nil && urlMatches == nil && attributes == nil && unknownFields == nil && passkeyOf == nil
            && passkeys == nil
    }

    func apply(to item: inout Item) {
        if let matchMode { item.matchMode = matchMode }
        if let urlMatches {
            for (index, match) in urlMatches.enumerated() where index < item.urls.count { item.urls[index].match = match }
        }
        if let attributes { item.attributes = attributes }
        for (tag, values) in unknownFields ?? [:] {
            // Tags Sesame knew before passkeys would be read as those fields; only later ones can come back this way.
            guard let tag = UInt64(tag), tag > 16 else { continue }
            item.unknownFields[tag] = values.map { Array($0) }
        }
        // Passkeys an older Sesame kept as unknown fields (tag 17) become passkeys again.
        if let read = try? item.readingKnownFields() { item = read }
        for details in passkeys ?? [] {
            guard let index = item.passkeys.firstIndex(where: { $0.credentialIDText == details.credentialID }) else { continue }
            details.apply(to: &item.passkeys[index])
        }
    }

    func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self)
    }

    static func parse(_ json: String) -> SesameEntryData? {
        try? JSONDecoder().decode(SesameEntryData.self, from: Data(json.utf8))
    }
}
