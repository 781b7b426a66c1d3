import Foundation
import SesameStore

/// An edit to an item, as data: it travels to the agent and is applied inside the vault's write transaction to the
/// item's current version, so concurrent edits elsewhere are never overwritten by a stale copy.
public struct ItemChange: Codable, Sendable, Equatable {
    public var title: String?
    public var username: String?
    public var password: String?
    /// Replaces every URL when set.
    public var urls: [ItemURL]?
    public var addURLs: [ItemURL] = []
    public var removeURLs: [String] = []
    public var notes: String?
    public var matchMode: MatchMode?
    public var setFields: [CustomField] = []
    public var removeFields: [String] = []
    public var expires: Date??
    /// Sets (an `otpauth://` URI) or, with `.some(nil)`, removes the item's one-time code.
    public var oneTimeCode: String??
    /// Replaces the lookup attributes a client program gave the item (Secret Service).
    public var attributes: [String: String]?
    /// Removes the passkeys with these credential ids (base64url). Optional, so an edit without it keeps its wire
    /// form.
    public var removePasskeys: [String]?

    public init() {}

    public var isEmpty: Bool { self == ItemChange() }

    /// Applies the change; throws when it names a URL or field the item does not have.
    public func apply(to item: inout Item) throws {
        if let title { item.title = title }
        if let username { item.username = username }
        if let password { item.password = password }
        if let urls { item.urls = urls }
        for url in removeURLs {
            guard let index = item.urls.firstIndex(where: { $0.url == url }) else {
                throw ServiceFailure(.invalidInput, "The item has no URL '\(url)'.")
            }
            item.urls.remove(at: index)
        }
        for url in addURLs where !item.urls.contains(where: { $0.url == url.url }) { item.urls.append(url) }
        if let notes { item.notes = notes }
        if let matchMode { item.matchMode = matchMode }
        for name in removeFields {
            guard let index = item.fields.firstIndex(where: { $0.name == name }) else {
                throw ServiceFailure(.invalidInput, "The item has no field '\(name)'.")
            }
            item.fields.remove(at: index)
        }
        for field in setFields {
            if let index = item.fields.firstIndex(where: { $0.name == field.name }) {
                item.fields[index] = field
            } else {
                item.fields.append(field)
            }
        }
        if let expires { item.expires = expires }
        if let oneTimeCode { item.oneTimeCode = oneTimeCode }
        if let attributes { item.attributes = attributes }
        for id in removePasskeys ?? [] {
            guard let index = item.passkeys.firstIndex(where: { $0.credentialIDText == id }) else {
                throw ServiceFailure(.invalidInput, "The item has no passkey '\(id.prefix(64))'.")
            }
            item.passkeys.remove(at: index)
        }
    }
}

extension ItemChange: CustomStringConvertible {
    public var description: String { "ItemChange(redacted)" }
}
