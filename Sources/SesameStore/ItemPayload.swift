import Foundation
import SesameCrypto

/// The plaintext form of an item inside its sealed payload: a compact tag-length-value encoding.
///
/// Each field is `tag ‖ length ‖ bytes` with LEB128 varints; nested records (URLs, custom fields, history) use the
/// same encoding inside their value; strings are UTF-8, dates the bit pattern of seconds since 2001-01-01 (Foundation's
/// exact representation, little-endian). Decoding is a single pass without allocation beyond the strings, which is
/// what keeps lookups and identity syncs over 100,000 items fast (JSON decoding cost ten times more).
///
/// Fields this version does not know are kept in `Item.unknownFields` and written back on edit, so a later version
/// can add kinds of credential without older readers dropping them: passkeys (tag 17) were added that way, and a
/// passkey record keeps its own unknown fields the same way.
///
/// Two encodings share the tags: the full one (`encode`, formats 1 and 2), which is also what sync ops carry
/// between devices, and the compact one (`encodeCompact`, format 3), which only the items table holds. The
/// compact one writes the title, user name, password and creation time as a head without tags, leaves the
/// modification time out while it equals the creation time, and writes a URL as one flag byte (its scheme,
/// whether a match mode follows) and the rest of the URL instead of a nested record. Both hold the same items:
/// every item decodes from either to an equal value.
enum ItemPayload {
    /// The format of payloads sealed into the items table. 2: the full encoding, sealed with the row (version,
    /// predecessor, state) bound in (see `Vault.seal`). 3: the compact encoding, sealed the same way; format 2
    /// rows are still read (vaults written before it), and rewritten in format 3 when next changed.
    static let currentFormat: UInt8 = 3
    /// The first format whose payload is the compact encoding.
    static let compactFormat: UInt8 = 3

    /// The schemes a compact URL record abbreviates, by the code in its flag byte's low two bits (0: written whole).
    static let compactURLSchemes = ["", "https://", "http://"]
    /// The compact URL record's flag for "a match mode follows the URL".
    static let compactURLMatchFlag: UInt8 = 0x04

    enum Tag: UInt64 {
        case title = 1, username, password, url, notes, field, tag, match, created, modified, expires, history
        case oneTimeCode, attachment, attribute, keePassExtras
        /// One passkey per field (a nested record); older versions keep it as an unknown field.
        case passkey
    }

    enum URLTag: UInt64 { case url = 1, match }
    enum FieldTag: UInt64 { case name = 1, value, isProtected }
    enum HistoryTag: UInt64 { case password = 1, replaced }
    enum AttachmentTag: UInt64 { case name = 1, data }
    enum AttributeTag: UInt64 { case name = 1, value }
    enum PasskeyTag: UInt64 {
        case credentialID = 1, relyingParty, userHandle, userName, userDisplayName, privateKey, flags, signCount
        case created, lastUsed
    }

    /// The passkey record's flag byte uses WebAuthn's bits, BE 0x08 and BS 0x10.
    static let backupEligibleFlag: UInt8 = 0x08, backedUpFlag: UInt8 = 0x10

    struct Malformed: Error {}

    // MARK: - Encoding

    /// The full encoding (formats 1 and 2, and every sync op's payload).
    static func encode(_ item: Item) -> [UInt8] { encode(item, compact: false) }

    /// The compact encoding (format 3): the items table only.
    static func encodeCompact(_ item: Item) -> [UInt8] { encode(item, compact: true) }

    /// The encoding of `format`: compact from format 3 on.
    static func encode(_ item: Item, format: UInt8) -> [UInt8] { encode(item, compact: format >= compactFormat) }

    private static func encode(_ item: Item, compact: Bool) -> [UInt8] {
        var writer = PayloadWriter()
        if compact {
            writer.lengthPrefixed(item.title)
            writer.lengthPrefixed(item.username)
            writer.lengthPrefixed(item.password)
            writer.dateBits(item.created)
            // Compared by bit pattern, so the time read back is exactly the one written.
            if item.modified.timeIntervalSinceReferenceDate.bitPattern != item.created.timeIntervalSinceReferenceDate.bitPattern {
                writer.date(Tag.modified.rawValue, item.modified)
            }
        } else {
            // Always written, even empty: the reader requires a title field.
            writer.string(Tag.title.rawValue, item.title, keepEmpty: true)
            writer.string(Tag.username.rawValue, item.username)
            writer.string(Tag.password.rawValue, item.password)
        }
        for url in item.urls {
            if compact {
                writer.compactURL(Tag.url.rawValue, url)
                continue
            }
            writer.nested(Tag.url.rawValue) { nested in
                nested.string(URLTag.url.rawValue, url.url)
                if let match = url.match { nested.string(URLTag.match.rawValue, match.rawValue) }
            }
        }
        writer.string(Tag.notes.rawValue, item.notes)
        for field in item.fields {
            writer.nested(Tag.field.rawValue) { nested in
                nested.string(FieldTag.name.rawValue, field.name)
                nested.string(FieldTag.value.rawValue, field.value)
                if field.isProtected { nested.bytes(FieldTag.isProtected.rawValue, [1]) }
            }
        }
        for tag in item.tags { writer.string(Tag.tag.rawValue, tag, keepEmpty: true) }
        if item.matchMode != .domain { writer.string(Tag.match.rawValue, item.matchMode.rawValue) }
        if !compact {
            writer.date(Tag.created.rawValue, item.created)
            writer.date(Tag.modified.rawValue, item.modified)
        }
        if let expires = item.expires { writer.date(Tag.expires.rawValue, expires) }
        for entry in item.passwordHistory {
            writer.nested(Tag.history.rawValue) { nested in
                nested.string(HistoryTag.password.rawValue, entry.password)
                nested.date(HistoryTag.replaced.rawValue, entry.replaced)
            }
        }
        if let oneTimeCode = item.oneTimeCode { writer.string(Tag.oneTimeCode.rawValue, oneTimeCode, keepEmpty: true) }
        for attachment in item.attachments {
            writer.nested(Tag.attachment.rawValue) { nested in
                nested.string(AttachmentTag.name.rawValue, attachment.name)
                nested.bytes(AttachmentTag.data.rawValue, Array(attachment.data))
            }
        }
        // Sorted, so equal items encode to equal bytes.
        for (name, value) in item.attributes.sorted(by: { $0.key < $1.key }) {
            writer.nested(Tag.attribute.rawValue) { nested in
                nested.string(AttributeTag.name.rawValue, name, keepEmpty: true)
                nested.string(AttributeTag.value.rawValue, value)
            }
        }
        if let extras = item.keePassExtras { writer.string(Tag.keePassExtras.rawValue, extras, keepEmpty: true) }
        for passkey in item.passkeys {
            writer.nested(Tag.passkey.rawValue) { encodePasskey(passkey, into: &$0) }
        }
        writer.unknown(item.unknownFields)
        return writer.output
    }

    // MARK: - Decoding

    /// Decodes the full encoding in place from (secure) plaintext memory, without copying it into an ordinary
    /// buffer first.
    static func decode(_ bytes: UnsafeRawBufferPointer, id: UUID) throws -> Item {
        var item = Item(id: id, title: "", created: Date(timeIntervalSinceReferenceDate: 0))
        var reader = PayloadReader(bytes)
        var seen = (title: false, created: false, modified: false)
        try decodeFields(&reader, into: &item, compact: false, seen: &seen)
        guard seen.title, seen.created, seen.modified else { throw Malformed() }
        return item
    }

    /// Decodes the compact encoding (format 3) the same way. The head gives the title and both times, so no field
    /// is required after it; a field of the head that appears again as a tagged field wins, as in the full encoding.
    static func decodeCompact(_ bytes: UnsafeRawBufferPointer, id: UUID) throws -> Item {
        var reader = PayloadReader(bytes)
        let head = try reader.compactHead()
        // The modification time is the creation time unless a field says otherwise.
        var item = Item(
            id: id, title: PayloadReader.string(head.title), username: PayloadReader.string(head.username),
            password: PayloadReader.string(head.password), created: head.created)
        var seen = (title: true, created: true, modified: true)
        try decodeFields(&reader, into: &item, compact: true, seen: &seen)
        return item
    }

    /// The payload of a row sealed in `format`.
    static func decode(_ bytes: UnsafeRawBufferPointer, id: UUID, format: UInt8) throws -> Item {
        format >= compactFormat ? try decodeCompact(bytes, id: id) : try decode(bytes, id: id)
    }

    /// The tagged fields, the whole payload of the full encoding and what follows the compact one's head.
    private static func decodeFields(
        _ reader: inout PayloadReader, into item: inout Item, compact: Bool,
        seen: inout (title: Bool, created: Bool, modified: Bool)
    ) throws {
        while let (tag, value) = try reader.next() {
            switch Tag(rawValue: tag) {
            case .title: item.title = PayloadReader.string(value); seen.title = true
            case .username: item.username = PayloadReader.string(value)
            case .password: item.password = PayloadReader.string(value)
            case .url: item.urls.append(try compact ? decodeCompactURL(value) : decodeURL(value))
            case .notes: item.notes = PayloadReader.string(value)
            case .field: item.fields.append(try decodeField(value))
            case .tag: item.tags.append(PayloadReader.string(value))
            // A mode this version does not know must not widen matching: treat it as "never".
            case .match: item.matchMode = MatchMode(rawValue: PayloadReader.string(value)) ?? .never
            case .created: item.created = try PayloadReader.date(value); seen.created = true
            case .modified: item.modified = try PayloadReader.date(value); seen.modified = true
            case .expires: item.expires = try PayloadReader.date(value)
            case .history: item.passwordHistory.append(try decodeHistory(value))
            case .oneTimeCode: item.oneTimeCode = PayloadReader.string(value)
            case .attachment: item.attachments.append(try decodeAttachment(value))
            case .attribute:
                let (name, attributeValue) = try decodeAttribute(value)
                item.attributes[name] = attributeValue
            case .keePassExtras: item.keePassExtras = PayloadReader.string(value)
            case .passkey: item.passkeys.append(try decodePasskey(value))
            case nil: item.unknownFields[tag, default: []].append(Array(value))
            }
        }
    }

    /// ``ItemLogin``'s fields only: the others are stepped over, not decoded. The same payloads are refused as by
    /// ``decode(_:id:)`` where the fields read here are concerned (no title, creation or modification time).
    static func decodeLogin(_ bytes: UnsafeRawBufferPointer, id: UUID) throws -> ItemLogin {
        try decodeLogin(bytes, id: id, compact: false)
    }

    /// ``decodeLogin(_:id:)`` for a row sealed in `format`.
    static func decodeLogin(_ bytes: UnsafeRawBufferPointer, id: UUID, format: UInt8) throws -> ItemLogin {
        try decodeLogin(bytes, id: id, compact: format >= compactFormat)
    }

    private static func decodeLogin(_ bytes: UnsafeRawBufferPointer, id: UUID, compact: Bool) throws -> ItemLogin {
        var login = ItemLogin(id: id, title: "")
        var reader = PayloadReader(bytes)
        var sawTitle = false, sawCreated = false, sawModified = false
        if compact {
            let head = try reader.compactHead()
            login.title = PayloadReader.string(head.title)
            login.username = PayloadReader.string(head.username)
            login.hasPassword = !head.password.isEmpty
            (sawTitle, sawCreated, sawModified) = (true, true, true)
        }
        while let (tag, value) = try reader.next() {
            switch Tag(rawValue: tag) {
            case .title: login.title = PayloadReader.string(value); sawTitle = true
            case .username: login.username = PayloadReader.string(value)
            case .password: login.hasPassword = !value.isEmpty
            case .url: login.urls.append(try compact ? decodeCompactURL(value) : decodeURL(value))
            case .match: login.matchMode = MatchMode(rawValue: PayloadReader.string(value)) ?? .never
            case .created: _ = try PayloadReader.date(value); sawCreated = true
            case .modified: _ = try PayloadReader.date(value); sawModified = true
            case .oneTimeCode: login.hasOneTimeCode = !value.isEmpty
            case .passkey: login.passkeys.append(try decodePasskeyName(value))
            default: continue
            }
        }
        guard sawTitle, sawCreated, sawModified else { throw Malformed() }
        return login
    }

    private static func decodeURL(_ bytes: UnsafeRawBufferPointer) throws -> ItemURL {
        var url = ItemURL("")
        var reader = PayloadReader(bytes)
        while let (tag, value) = try reader.next() {
            switch URLTag(rawValue: tag) {
            case .url: url.url = PayloadReader.string(value)
            case .match: url.match = MatchMode(rawValue: PayloadReader.string(value)) ?? .never
            case nil: continue
            }
        }
        return url
    }

    /// A compact URL record: flag byte (scheme code in bits 0–1, ``compactURLMatchFlag``), then the URL without
    /// its scheme; with a match mode, the URL is length-prefixed and the mode's name fills the rest. Other flag
    /// bits or scheme codes are refused: format 3 has no room for fields it does not know in a URL.
    private static func decodeCompactURL(_ bytes: UnsafeRawBufferPointer) throws -> ItemURL {
        guard let flags = bytes.first, flags & ~(0x03 | compactURLMatchFlag) == 0,
            Int(flags & 0x03) < compactURLSchemes.count
        else { throw Malformed() }
        let scheme = compactURLSchemes[Int(flags & 0x03)]
        let rest = UnsafeRawBufferPointer(rebasing: bytes[1...])
        guard flags & compactURLMatchFlag != 0 else { return ItemURL(scheme + PayloadReader.string(rest)) }
        var reader = PayloadReader(rest)
        let url = try reader.lengthPrefixed()
        let match = reader.remainder()
        return ItemURL(scheme + PayloadReader.string(url), match: MatchMode(rawValue: PayloadReader.string(match)) ?? .never)
    }

    private static func decodeField(_ bytes: UnsafeRawBufferPointer) throws -> CustomField {
        var field = CustomField(name: "", value: "")
        var reader = PayloadReader(bytes)
        while let (tag, value) = try reader.next() {
            switch FieldTag(rawValue: tag) {
            case .name: field.name = PayloadReader.string(value)
            case .value: field.value = PayloadReader.string(value)
            case .isProtected: field.isProtected = value.first == 1
            case nil: continue
            }
        }
        return field
    }

    private static func decodeHistory(_ bytes: UnsafeRawBufferPointer) throws -> PasswordHistoryEntry {
        var entry = PasswordHistoryEntry(password: "", replaced: Date(timeIntervalSinceReferenceDate: 0))
        var reader = PayloadReader(bytes)
        while let (tag, value) = try reader.next() {
            switch HistoryTag(rawValue: tag) {
            case .password: entry.password = PayloadReader.string(value)
            case .replaced: entry.replaced = try PayloadReader.date(value)
            case nil: continue
            }
        }
        return entry
    }
}

extension ItemPayload {
    fileprivate static func decodeAttachment(_ bytes: UnsafeRawBufferPointer) throws -> ItemAttachment {
        var attachment = ItemAttachment(name: "", data: Data())
        var reader = PayloadReader(bytes)
        while let (tag, value) = try reader.next() {
            switch AttachmentTag(rawValue: tag) {
            case .name: attachment.name = PayloadReader.string(value)
            case .data: attachment.data = Data(value)
            case nil: continue
            }
        }
        return attachment
    }

    static func encodePasskey(_ passkey: Passkey, into writer: inout PayloadWriter) {
        writer.bytes(PasskeyTag.credentialID.rawValue, passkey.credentialID)
        writer.string(PasskeyTag.relyingParty.rawValue, passkey.relyingPartyID)
        if !passkey.userHandle.isEmpty { writer.bytes(PasskeyTag.userHandle.rawValue, passkey.userHandle) }
        writer.string(PasskeyTag.userName.rawValue, passkey.userName)
        writer.string(PasskeyTag.userDisplayName.rawValue, passkey.userDisplayName)
        passkey.privateKey.withUnsafeBytes { writer.bytes(PasskeyTag.privateKey.rawValue, $0) }
        let flags = (passkey.isBackupEligible ? backupEligibleFlag : 0) | (passkey.isBackedUp ? backedUpFlag : 0)
        writer.bytes(PasskeyTag.flags.rawValue, [flags])
        if passkey.signCount != 0 {
            writer.bytes(PasskeyTag.signCount.rawValue, withUnsafeBytes(of: passkey.signCount.bigEndian, Array.init))
        }
        writer.date(PasskeyTag.created.rawValue, passkey.created)
        if let lastUsed = passkey.lastUsed { writer.date(PasskeyTag.lastUsed.rawValue, lastUsed) }
        writer.unknown(passkey.unknownFields)
    }

    /// A passkey record. The key goes from the (secure) plaintext straight into unlocked secure bytes: a scan of a
    /// large vault must not pay `sodium_malloc`'s system calls per key.
    static func decodePasskey(_ bytes: UnsafeRawBufferPointer) throws -> Passkey {
        var credentialID: [UInt8] = [], relyingParty = "", userHandle: [UInt8] = [], userName = "", displayName = ""
        var key: PasskeyPrivateKey?, flags: UInt8 = 0, signCount: UInt32 = 0, created: Date?, lastUsed: Date?
        var unknown: [UInt64: [[UInt8]]] = [:]
        var reader = PayloadReader(bytes)
        while let (tag, value) = try reader.next() {
            switch PasskeyTag(rawValue: tag) {
            case .credentialID: credentialID = Array(value)
            case .relyingParty: relyingParty = PayloadReader.string(value)
            case .userHandle: userHandle = Array(value)
            case .userName: userName = PayloadReader.string(value)
            case .userDisplayName: displayName = PayloadReader.string(value)
            case .privateKey: key = PasskeyPrivateKey(unchecked: SecureBytes(copying: value, lockedInMemory: false))
            case .flags:
                guard value.count == 1 else { throw Malformed() }
                flags = value[0]
            case .signCount:
                guard value.count == 4 else { throw Malformed() }
                signCount = value.reduce(0) { $0 << 8 | UInt32($1) }
            case .created: created = try PayloadReader.date(value)
            case .lastUsed: lastUsed = try PayloadReader.date(value)
            case nil: unknown[tag, default: []].append(Array(value))
            }
        }
        // A record without its id, key or creation time is no passkey: the item is damaged, not half-read.
        guard !credentialID.isEmpty, let key, let created else { throw Malformed() }
        return Passkey(
            credentialID: credentialID, relyingPartyID: relyingParty, userHandle: userHandle, userName: userName,
            userDisplayName: displayName, privateKey: key, isBackupEligible: flags & backupEligibleFlag != 0,
            isBackedUp: flags & backedUpFlag != 0, signCount: signCount, created: created, lastUsed: lastUsed,
            unknownFields: unknown)
    }

    /// What a suggestion names of a passkey record; the key is stepped over. A record without its id is refused,
    /// as by ``decodePasskey(_:)``.
    static func decodePasskeyName(_ bytes: UnsafeRawBufferPointer) throws -> ItemLogin.PasskeyName {
        var name = ItemLogin.PasskeyName(credentialID: [], relyingPartyID: "", userName: "", userHandle: [])
        var reader = PayloadReader(bytes)
        while let (tag, value) = try reader.next() {
            switch PasskeyTag(rawValue: tag) {
            case .credentialID: name.credentialID = Array(value)
            case .relyingParty: name.relyingPartyID = PayloadReader.string(value)
            case .userHandle: name.userHandle = Array(value)
            case .userName: name.userName = PayloadReader.string(value)
            case .lastUsed: name.lastUsed = try PayloadReader.date(value)
            default: continue
            }
        }
        guard !name.credentialID.isEmpty else { throw Malformed() }
        return name
    }

    fileprivate static func decodeAttribute(_ bytes: UnsafeRawBufferPointer) throws -> (String, String) {
        var name = "", value = ""
        var reader = PayloadReader(bytes)
        while let (tag, field) = try reader.next() {
            switch AttributeTag(rawValue: tag) {
            case .name: name = PayloadReader.string(field)
            case .value: value = PayloadReader.string(field)
            case nil: continue
            }
        }
        return (name, value)
    }
}

/// Appends tag-length-value fields.
struct PayloadWriter {
    private(set) var output: [UInt8] = []

    init() { output.reserveCapacity(256) }

    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            output.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        output.append(UInt8(value))
    }

    mutating func bytes(_ tag: UInt64, _ value: [UInt8]) {
        varint(tag)
        varint(UInt64(value.count))
        output += value
    }

    /// Appends from a buffer without an intermediate array (a passkey's key, from secure memory).
    mutating func bytes(_ tag: UInt64, _ value: UnsafeRawBufferPointer) {
        varint(tag)
        varint(UInt64(value.count))
        output.append(contentsOf: value)
    }

    /// Fields kept verbatim from a newer version, sorted by tag so that equal values encode to equal bytes.
    mutating func unknown(_ fields: [UInt64: [[UInt8]]]) {
        for (tag, value) in fields.sorted(by: { $0.key < $1.key }) {
            for occurrence in value { bytes(tag, occurrence) }
        }
    }

    /// Empty strings are left out (they decode as empty) unless they carry meaning on their own, like a tag.
    mutating func string(_ tag: UInt64, _ value: String, keepEmpty: Bool = false) {
        guard keepEmpty || !value.isEmpty else { return }
        var value = value
        value.withUTF8 { utf8 in
            varint(tag)
            varint(UInt64(utf8.count))
            output.append(contentsOf: utf8)
        }
    }

    /// A string with its length and no tag (the compact head).
    mutating func lengthPrefixed(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            varint(UInt64(utf8.count))
            output.append(contentsOf: utf8)
        }
    }

    /// A date's 8 bytes with no tag or length (the compact head).
    mutating func dateBits(_ date: Date) {
        withUnsafeBytes(of: date.timeIntervalSinceReferenceDate.bitPattern.littleEndian) { output.append(contentsOf: $0) }
    }

    /// A URL as the compact encoding writes it (see `ItemPayload.decodeCompactURL`), straight into the output.
    mutating func compactURL(_ tag: UInt64, _ url: ItemURL) {
        let schemes = ItemPayload.compactURLSchemes
        let code = schemes.indices.dropFirst().first { url.url.utf8.starts(with: schemes[$0].utf8) } ?? 0
        let rest = url.url.utf8.dropFirst(schemes[code].utf8.count)
        varint(tag)
        guard let match = url.match?.rawValue.utf8 else {
            varint(UInt64(1 + rest.count))
            output.append(UInt8(code))
            output.append(contentsOf: rest)
            return
        }
        varint(UInt64(1 + Self.varintLength(UInt64(rest.count)) + rest.count + match.count))
        output.append(UInt8(code) | ItemPayload.compactURLMatchFlag)
        varint(UInt64(rest.count))
        output.append(contentsOf: rest)
        output.append(contentsOf: match)
    }

    static func varintLength(_ value: UInt64) -> Int {
        var value = value, length = 1
        while value >= 0x80 {
            value >>= 7
            length += 1
        }
        return length
    }

    mutating func date(_ tag: UInt64, _ date: Date) {
        let bits = date.timeIntervalSinceReferenceDate.bitPattern.littleEndian
        bytes(tag, withUnsafeBytes(of: bits, Array.init))
    }

    mutating func nested(_ tag: UInt64, _ build: (inout PayloadWriter) -> Void) {
        var inner = PayloadWriter()
        build(&inner)
        bytes(tag, inner.output)
    }
}

/// Reads tag-length-value fields, checking every length against the buffer.
struct PayloadReader {
    private let buffer: UnsafeRawBufferPointer
    private var offset = 0

    init(_ buffer: UnsafeRawBufferPointer) { self.buffer = buffer }

    mutating func next() throws -> (UInt64, UnsafeRawBufferPointer)? {
        guard offset < buffer.count else { return nil }
        let tag = try varint()
        let length = try varint()
        guard length <= UInt64(buffer.count - offset) else { throw ItemPayload.Malformed() }
        let value = UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + Int(length)])
        offset += Int(length)
        return (tag, value)
    }

    /// A length-prefixed value without a tag (the compact head, a compact URL with a match mode).
    mutating func lengthPrefixed() throws -> UnsafeRawBufferPointer {
        let length = try varint()
        guard length <= UInt64(buffer.count - offset) else { throw ItemPayload.Malformed() }
        let value = UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + Int(length)])
        offset += Int(length)
        return value
    }

    /// The compact encoding's head: title, user name, password (each length-prefixed) and the creation time's 8 bytes.
    mutating func compactHead() throws -> (
        title: UnsafeRawBufferPointer, username: UnsafeRawBufferPointer, password: UnsafeRawBufferPointer, created: Date
    ) {
        let title = try lengthPrefixed(), username = try lengthPrefixed(), password = try lengthPrefixed()
        guard buffer.count - offset >= 8 else { throw ItemPayload.Malformed() }
        let created = try Self.date(UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + 8]))
        offset += 8
        return (title, username, password, created)
    }

    /// What is left to read, consumed.
    mutating func remainder() -> UnsafeRawBufferPointer {
        defer { offset = buffer.count }
        return UnsafeRawBufferPointer(rebasing: buffer[offset...])
    }

    private mutating func varint() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while offset < buffer.count {
            let byte = buffer[offset]
            offset += 1
            guard shift < 64 else { throw ItemPayload.Malformed() }
            result |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
        throw ItemPayload.Malformed()
    }

    static func string(_ bytes: UnsafeRawBufferPointer) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    static func date(_ bytes: UnsafeRawBufferPointer) throws -> Date {
        guard bytes.count == 8 else { throw ItemPayload.Malformed() }
        let bits = UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self))
        return Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits))
    }
}
