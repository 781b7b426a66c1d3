import Foundation
import SesameAutoFill
import SesameStore
import SesameTerminal

/// One value of an item, as `sesame get ITEM FIELD` and `sesame copy ITEM FIELD` name it: `password` (the
/// default), `username`, `url`, `urls`, `notes`, `title`, `id`, `otp` (the current one-time code), or the name of a
/// custom field. Secrets are read for this one item only when the field is one.
struct ItemField {
    enum Kind: Equatable {
        case password, username, url, urls, notes, title, id, oneTimeCode
        case custom(String)
    }

    let kind: Kind

    static let argument = ArgumentSpec(
        "field", help: "password (default), username, url, urls, notes, title, id, otp (the current one-time code), or a custom field's name.",
        isOptional: true, completion: .values(["password", "username", "url", "urls", "notes", "title", "id", "otp"]))

    init(_ name: String?) {
        switch name?.lowercased() ?? "password" {
        case "password", "pass", "pw": kind = .password
        case "username", "user", "login": kind = .username
        case "url", "uri", "website": kind = .url
        case "urls": kind = .urls
        case "notes", "note": kind = .notes
        case "title", "name": kind = .title
        case "id": kind = .id
        case "otp", "totp", "code": kind = .oneTimeCode
        default: kind = .custom(name!)
        }
    }

    /// How messages name it: "the password", "the field 'PIN'".
    var label: String {
        switch kind {
        case .password: "the password"
        case .username: "the user name"
        case .url: "the URL"
        case .urls: "the URLs"
        case .notes: "the notes"
        case .title: "the title"
        case .id: "the id"
        case .oneTimeCode: "the one-time code"
        case .custom(let name): "the field '\(name)'"
        }
    }

    /// The JSON name of the field.
    var name: String {
        switch kind {
        case .password: "password"
        case .username: "username"
        case .url: "url"
        case .urls: "urls"
        case .notes: "notes"
        case .title: "title"
        case .id: "id"
        case .oneTimeCode: "otp"
        case .custom(let name): name
        }
    }

    /// The value; an error when the item has none (a script must not take an empty line for a password).
    func value(of item: ItemView, service: any VaultItems) throws -> String {
        let value: String
        switch kind {
        case .password: value = try service.reveal(item.id).password
        case .username: value = item.username
        case .url: value = item.urls.first?.url ?? ""
        case .urls: value = item.urls.map(\.url).joined(separator: "\n")
        case .notes: value = item.notes
        case .title: value = item.title
        case .id: value = item.id.uuidString.lowercased()
        case .oneTimeCode:
            guard item.hasOneTimeCode else { throw CLIError("'\(item.title)' has no one-time code.") }
            value = try service.oneTimeCode(for: item.id).code
        case .custom(let name):
            let field = item.fields.first { $0.name == name } ?? item.fields.first { $0.name.lowercased() == name.lowercased() }
            guard let field else {
                let known = ["password", "username", "url", "urls", "notes", "title", "id", "otp"] + item.fields.map(\.name)
                throw CLIError("'\(item.title)' has no field '\(name)' (it has: \(known.joined(separator: ", "))).")
            }
            value = try field.value ?? service.reveal(item.id).fields.first { $0.name == field.name }?.value ?? ""
        }
        guard !value.isEmpty else { throw CLIError("'\(item.title)' has no \(label.dropFirst(4)).") }
        return value
    }
}
