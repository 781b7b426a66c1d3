import Foundation
import SesameKeePass
import SesameStore

/// Bitwarden's unencrypted JSON export (`"encrypted": false`, `folders`, `items`): logins and secure notes, with
/// every URI, custom fields (hidden ones protected), the TOTP secret, the password history and both times.
enum BitwardenJSON {
    struct Export: Decodable {
        var encrypted: Bool?
        var folders: [Folder]?
        var items: [Entry]?
    }

    struct Folder: Decodable {
        var id: String?
        var name: String?
    }

    struct Entry: Decodable {
        var type: Int?
        var name: String?
        var notes: String?
        var favorite: Bool?
        var folderId: String?
        var fields: [Field]?
        var login: Login?
        var passwordHistory: [History]?
        var creationDate: String?
        var revisionDate: String?
    }

    struct Field: Decodable {
        var name: String?
        var value: String?
        /// 0 text, 1 hidden, 2 boolean, 3 linked.
        var type: Int?
    }

    struct Login: Decodable {
        var uris: [URI]?
        var username: String?
        var password: String?
        var totp: String?
        var fido2Credentials: [Fido2Credential]?
    }

    struct URI: Decodable {
        var uri: String?
    }

    struct History: Decodable {
        var lastUsedDate: String?
        var password: String?
    }

    /// What a Bitwarden JSON file may hold (docs/security.md, "Budgets"). A 10,000-item export is about 10 MiB
    /// with about 50 keys and values per item; Bitwarden's JSON nests 5 levels.
    static let maximumBytes = 64 << 20
    static let shape = JSONShape(maximumDepth: 16, maximumNodes: 4_000_000)
    static let maximumItems = 100_000

    /// Whether the content is Bitwarden's JSON export. A JSON object beyond the limits counts as one too, so that
    /// ``read(_:)`` names the limit rather than the format going unrecognised.
    static func looksLike(_ bytes: [UInt8]) -> Bool {
        guard bytes.count <= maximumBytes, (try? shape.check(bytes, what: "")) != nil else { return true }
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { return false }
        return object["items"] is [Any] && object["encrypted"] != nil
    }

    static func read(_ bytes: [UInt8]) throws(ImportError) -> ImportBatch {
        guard bytes.count <= maximumBytes else {
            throw ImportError("The JSON file is \(BudgetText.size(bytes.count)), over Sesame's limit of \(BudgetText.size(maximumBytes)) for a Bitwarden export.")
        }
        try shape.check(bytes, what: "The JSON file")
        let export: Export
        do {
            export = try JSONDecoder().decode(Export.self, from: Data(bytes))
        } catch {
            throw ImportError("The file is not a Bitwarden JSON export (it does not read as one).")
        }
        guard export.encrypted != true else {
            throw ImportError("The Bitwarden export is encrypted; export it again as unencrypted JSON or CSV.")
        }
        var folders: [String: String] = [:]
        for folder in export.folders ?? [] {
            if let id = folder.id, let name = folder.name { folders[id] = name }
        }
        guard (export.items ?? []).count <= maximumItems else {
            throw ImportError("The Bitwarden export has more than \(BudgetText.grouped(maximumItems)) items, over Sesame's limit.")
        }
        var batch = ImportBatch()
        for (index, entry) in (export.items ?? []).enumerated() {
            let location = "item \(index + 1)"
            guard entry.type == 1 || entry.type == 2 else {
                batch.rejected.append(ImportRejection(
                    location: location, reason: "it is a Bitwarden card or identity, not a login or note"))
                continue
            }
            var draft = ItemDraft()
            draft.title = entry.name ?? ""
            draft.notes = entry.notes ?? ""
            draft.urls = entry.login?.uris?.compactMap(\.uri) ?? []
            draft.username = entry.login?.username ?? ""
            draft.password = entry.login?.password ?? ""
            draft.oneTimeCode = entry.login?.totp ?? ""
            if let folder = entry.folderId.flatMap({ folders[$0] }) { draft.tags.append(folder) }
            if entry.favorite == true { draft.tags.append("Favorite") }
            for field in entry.fields ?? [] {
                draft.field(field.name ?? "", field.value ?? "", isProtected: field.type == 1)
            }
            draft.passwordHistory = (entry.passwordHistory ?? []).compactMap { old in
                guard let password = old.password else { return nil }
                let date = old.lastUsedDate.flatMap(ItemDraft.date(iso8601:)) ?? Date(timeIntervalSince1970: 0)
                return PasswordHistoryEntry(password: password, replaced: date)
            }.sorted { $0.replaced < $1.replaced }
            draft.created = entry.creationDate.flatMap(ItemDraft.date(iso8601:))
            draft.modified = entry.revisionDate.flatMap(ItemDraft.date(iso8601:))
            for (number, credential) in (entry.login?.fido2Credentials ?? []).enumerated() {
                do throws(ImportError) {
                    draft.passkeys.append(try credential.passkey(created: draft.created))
                } catch {
                    batch.rejected.append(ImportRejection(
                        location: "\(location), passkey \(number + 1)\(credential.placeName)", reason: error.message))
                }
            }
            do throws(ImportError) {
                batch.records.append(ImportRecord(item: try draft.item(), location: location))
            } catch {
                batch.rejected.append(ImportRejection(location: location, reason: error.message))
            }
        }
        return batch
    }
}
