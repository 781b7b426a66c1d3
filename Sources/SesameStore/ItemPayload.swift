import Foundation

/// The plaintext form of an item inside its sealed payload: versioned JSON.
///
/// Format 1 is one JSON object; dates are seconds since 2001-01-01 (Foundation's exact representation). Keys this version does not know are kept in `Item.extensions`, so later versions can
/// add kinds of credential (one-time codes, passkeys) without older readers dropping them when they edit the item.
enum ItemPayload {
    static let currentFormat: UInt8 = 1

    static func encode(_ item: Item) throws -> [UInt8] {
        let encoder = JSONEncoder()
        var data = try encoder.encode(Coded(item: item))
        defer { data.resetBytes(in: 0..<data.count) }  // the plaintext holds the password
        return Array(data)
    }

    /// Decodes in place from (secure) plaintext memory, without copying it into an ordinary buffer first.
    static func decode(_ bytes: UnsafeRawBufferPointer, id: UUID) throws -> Item {
        let decoder = JSONDecoder()
        guard let base = bytes.baseAddress, bytes.count > 0 else { throw DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: [], debugDescription: "empty payload")) }
        let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: bytes.count, deallocator: .none)
        var item = try decoder.decode(Coded.self, from: data).item
        item.id = id
        return item
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }

        static let title = Key("title"), username = Key("username"), password = Key("password")
        static let urls = Key("urls"), notes = Key("notes"), fields = Key("fields"), tags = Key("tags")
        static let match = Key("match"), created = Key("created"), modified = Key("modified")
        static let expires = Key("expires"), history = Key("history")
        static let known: Set<String> = [
            "title", "username", "password", "urls", "notes", "fields", "tags", "match", "created", "modified",
            "expires", "history",
        ]
    }

    /// One pass over the object: known keys into fields, the rest into `extensions`.
    private struct Coded: Codable {
        var item: Item

        init(item: Item) { self.item = item }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            item = Item(
                id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
                title: try c.decode(String.self, forKey: .title),
                username: try c.decodeIfPresent(String.self, forKey: .username) ?? "",
                password: try c.decodeIfPresent(String.self, forKey: .password) ?? "",
                urls: try c.decodeIfPresent([ItemURL].self, forKey: .urls) ?? [],
                notes: try c.decodeIfPresent(String.self, forKey: .notes) ?? "",
                fields: try c.decodeIfPresent([CustomField].self, forKey: .fields) ?? [],
                tags: try c.decodeIfPresent([String].self, forKey: .tags) ?? [],
                matchMode: try c.decodeIfPresent(MatchMode.self, forKey: .match) ?? .domain,
                created: try c.decode(Date.self, forKey: .created),
                modified: try c.decode(Date.self, forKey: .modified),
                expires: try c.decodeIfPresent(Date.self, forKey: .expires),
                passwordHistory: try c.decodeIfPresent([PasswordHistoryEntry].self, forKey: .history) ?? [])
            for key in c.allKeys where !Key.known.contains(key.stringValue) {
                item.extensions[key.stringValue] = try c.decode(JSONValue.self, forKey: key)
            }
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            for (key, value) in item.extensions where !Key.known.contains(key) {
                try c.encode(value, forKey: Key(key))
            }
            try c.encode(item.title, forKey: .title)
            try c.encode(item.username, forKey: .username)
            try c.encode(item.password, forKey: .password)
            try c.encode(item.urls, forKey: .urls)
            try c.encode(item.notes, forKey: .notes)
            try c.encode(item.fields, forKey: .fields)
            try c.encode(item.tags, forKey: .tags)
            try c.encode(item.matchMode, forKey: .match)
            try c.encode(item.created, forKey: .created)
            try c.encode(item.modified, forKey: .modified)
            try c.encodeIfPresent(item.expires, forKey: .expires)
            try c.encode(item.passwordHistory, forKey: .history)
        }
    }
}
