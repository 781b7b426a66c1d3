import Foundation
import SesameDomains
import SesameStore

/// What a reader gathered about one login before it becomes an ``Item``: the rules every format shares (a title
/// when the file has none, empty URLs dropped, a bare one-time-code secret made a URI, rows with nothing in them
/// refused) live here once.
struct ItemDraft {
    var title = ""
    var username = ""
    var password = ""
    var urls: [String] = []
    var notes = ""
    var fields: [CustomField] = []
    var tags: [String] = []
    var oneTimeCode = ""
    var created: Date?
    var modified: Date?
    var passwordHistory: [PasswordHistoryEntry] = []
    var passkeys: [Passkey] = []

    mutating func field(_ name: String, _ value: String, isProtected: Bool = false) {
        let name = name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty || !value.isEmpty else { return }
        fields.append(CustomField(name: name.isEmpty ? "Field" : name, value: value, isProtected: isProtected))
    }

    func item() throws(ImportError) -> Item {
        let urls = urls.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        for url in urls {
            do {
                try ServiceURL.refusePassword(in: url)
            } catch {
                throw ImportError("its URL holds a password, which Sesame does not store in URLs")
            }
        }
        let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !(title.isEmpty && username.isEmpty && password.isEmpty && urls.isEmpty && notes.isEmpty
            && fields.isEmpty && oneTimeCode.isEmpty && passkeys.isEmpty)
        else { throw ImportError("it is empty") }
        let created = created ?? modified ?? Date()
        let fallbackURLs = urls.isEmpty ? passkeys.prefix(1).map { "https://" + $0.relyingPartyID } : urls
        return Item(
            title: title.isEmpty ? Self.fallbackTitle(urls: fallbackURLs, username: username) : title,
            username: username, password: password, urls: urls.map { ItemURL($0) }, notes: notes, fields: fields,
            tags: tags, created: created, modified: modified ?? created, passwordHistory: passwordHistory,
            oneTimeCode: Self.oneTimeCodeURI(oneTimeCode, title: title, username: username), passkeys: passkeys)
    }

    /// The site's host when there is a URL (what the browsers show for a login), else the user name.
    static func fallbackTitle(urls: [String], username: String) -> String {
        for url in urls {
            let parsed = (try? ServiceURL(parsing: url)).flatMap { $0.scheme == nil ? nil : $0 }
                ?? (try? ServiceURL(parsing: "https://" + url))
            if let host = parsed?.host.unicode, !host.isEmpty { return host }
        }
        return username.isEmpty ? "Imported login" : username
    }

    /// A one-time-code value as Sesame keeps it: an `otpauth://` URI verbatim; a bare secret (Bitwarden and
    /// others store the base32 key alone) becomes the TOTP URI every authenticator reads.
    static func oneTimeCodeURI(_ value: String, title: String, username: String) -> String? {
        let value = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !value.isEmpty else { return nil }
        if value.contains("://") { return value }
        let secret = value.filter { !$0.isWhitespace }.uppercased()
        let allowed = CharacterSet.urlPathAllowed.subtracting(["/", ":", "?", "#", "&"])
        let label = [title, username].filter { !$0.isEmpty }
            .map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }.joined(separator: ":")
        return "otpauth://totp/\(label)?secret=\(secret)"
    }

    static func list(_ value: String, separators: [String]) -> [String] {
        var parts = [value]
        for separator in separators { parts = parts.flatMap { $0.components(separatedBy: separator) } }
        return parts.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    /// A KeePass group path as tags: `Root/Email/Work` gives `Email/Work`; the root alone gives none.
    static func groupTags(_ group: String) -> [String] {
        var parts = group.split(separator: "/").map(String.init)
        if parts.count > 0 { parts.removeFirst() }
        return parts.isEmpty ? [] : [parts.joined(separator: "/")]
    }

    static func date(millisecondsSince1970 text: String) -> Date? {
        guard let milliseconds = Double(text.trimmingCharacters(in: .whitespaces)), milliseconds > 0 else { return nil }
        return Date(timeIntervalSince1970: milliseconds / 1000)
    }

    static func date(iso8601 text: String) -> Date? {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        return try? Date.ISO8601FormatStyle().parse(text)
    }
}
