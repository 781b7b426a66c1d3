import Foundation
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

    init(item: Item) {
        matchMode = item.matchMode == .domain ? nil : item.matchMode
        urlMatches = item.urls.contains { $0.match != nil } ? item.urls.map(\.match) : nil
        attributes = item.attributes.isEmpty ? nil : item.attributes
        unknownFields = item.unknownFields.isEmpty ? nil
            : Dictionary(uniqueKeysWithValues: item.unknownFields.map { (String($0.key), $0.value.map { Data($0) }) })
    }

    var isEmpty: Bool { matchMode == nil && urlMatches == nil && attributes == nil && unknownFields == nil }

    func apply(to item: inout Item) {
        if let matchMode { item.matchMode = matchMode }
        if let urlMatches {
            for (index, match) in urlMatches.enumerated() where index < item.urls.count { item.urls[index].match = match }
        }
        if let attributes { item.attributes = attributes }
        for (tag, values) in unknownFields ?? [:] {
            // Tags Sesame knows would be read as those fields; only unknown ones can come back this way.
            guard let tag = UInt64(tag), tag > 16 else { continue }
            item.unknownFields[tag] = values.map { Array($0) }
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
