import Foundation
import SesameCrypto
import SesameDomains
import SesameStore

/// One CXF item into Sesame items, losing no credential Sesame can hold.
///
/// A Sesame item holds one user name and password, so each `basic-auth` (and each `generated-password`) becomes
/// an item of its own, with the CXF item's title, addresses, tags and times: every login stays fillable, matched
/// by its site and found by the import's duplicate check, which extra fields would hide. The first login also
/// takes the notes (all `note`s, a blank line apart) and the custom fields. Codes go to the login with the same
/// user name, else to the first login without one, else become a login of their own; a `custom-fields` value
/// that is an `otpauth://` URI (1Password's way) counts as a code when a login is still without one.
/// Passkeys go to the login with the same user name, else the first, through ``CXFPasskeyMapping``. Kinds Sesame
/// does not hold are reported by kind and count with the item, never dropped in silence.
struct CXFItemMapping {
    let item: CXFItem
    let location: String
    let collectionTags: [String]
    let now: Date

    private struct Login {
        var username = ""
        var password = ""
        var oneTimeCode: String?
        var passkeys: [CXFPasskey] = []
        /// Created only to carry codes, notes or passkeys.
        var isPlaceholder = false
    }

    private var skips: [(kind: String, reason: String, count: Int)] = []

    init(item: CXFItem, position: Int, collectionTags: [String], now: Date) {
        self.item = item
        let title = item.title.trimmed
        let shortTitle = title.count > 40 ? String(title.prefix(40)) + "…" : title
        location = "item \(position)" + (shortTitle.isEmpty ? "" : " (\(shortTitle))")
        self.collectionTags = collectionTags
        self.now = now
    }

    mutating func map(passkeys mapping: some CXFPasskeyMapping, into result: inout CXFImportResult) {
        defer {
            for skip in skips {
                result.skipped.append(.init(location: location, kind: skip.kind, count: skip.count, reason: skip.reason))
            }
        }
        guard !item.credentials.isEmpty else {
            result.rejected.append(.init(location: location, reason: "it holds no credential"))
            return
        }
        var logins: [Login] = []
        var codes: [(uri: String, username: String?)] = []
        var passkeys: [CXFPasskey] = []
        var notes: [String] = []
        var fieldGroups: [CXFCustomFields] = []
        for credential in item.credentials {
            switch credential {
            case .basicAuth(let login):
                logins.append(Login(username: login.username?.value ?? "", password: login.password?.value ?? ""))
            case .generatedPassword(let password):
                logins.append(Login(password: password))
            case .totp(let totp):
                switch Self.oneTimeCodeURI(totp) {
                case .success(let uri): codes.append((uri, Self.nonEmpty(totp.username)))
                case .failure(let refusal): skip(CXFCredential.Kind.totp, refusal.reason)
                }
            case .passkey(let passkey):
                if let problem = passkey.problem {
                    skip(CXFCredential.Kind.passkey, problem)
                } else {
                    passkeys.append(passkey)
                }
            case .note(let content):
                if !content.value.isEmpty { notes.append(content.value) }
            case .customFields(let group):
                fieldGroups.append(group)
            case .unreadable(let type, let reason):
                skip(type, reason)
            case .other(let type):
                skip(type, CXFCredential.Kind.notHeld.contains(type)
                    ? "Sesame does not hold this kind of credential" : "it is a kind CXF 1.0 does not define")
            }
        }
        var fields: [CustomField] = []
        var codeFields: [(uri: String, username: String?)] = []
        for group in fieldGroups {
            for field in group.fields where !field.value.isEmpty {
                // Kept verbatim, as every importer keeps an `otpauth://` URI (Sesame's own export writes codes CXF
                // cannot describe this way).
                if field.value.lowercased().hasPrefix("otpauth://") {
                    codeFields.append((field.value, nil))
                    continue
                }
                let name = Self.nonEmpty(field.label) ?? Self.nonEmpty(group.label) ?? "Field"
                fields.append(CustomField(name: name, value: field.value, isProtected: field.isConcealed))
            }
        }
        if logins.isEmpty, !(codes.isEmpty && codeFields.isEmpty && passkeys.isEmpty && notes.isEmpty && fields.isEmpty) {
            logins.append(Login(isPlaceholder: true))
        }
        for code in codes {
            if let index = logins.firstIndex(where: { $0.oneTimeCode == nil && code.username != nil && $0.username == code.username })
                ?? logins.firstIndex(where: { $0.oneTimeCode == nil }) {
                logins[index].oneTimeCode = code.uri
            } else {
                logins.append(Login(username: code.username ?? "", oneTimeCode: code.uri))
            }
        }
        for code in codeFields {
            if let index = logins.firstIndex(where: { $0.oneTimeCode == nil }) {
                logins[index].oneTimeCode = code.uri
            } else {
                fields.append(CustomField(name: "one-time code", value: code.uri, isProtected: true))
            }
        }
        for passkey in passkeys {
            let index = logins.firstIndex { !passkey.username.isEmpty && $0.username == passkey.username } ?? 0
            logins[index].passkeys.append(passkey)
        }
        guard !logins.isEmpty else {
            // Nothing left out either (say, only empty notes): the item is not dropped without a word.
            if skips.isEmpty { result.rejected.append(.init(location: location, reason: "it is empty")) }
            return
        }

        let urls = addresses()
        for (index, login) in logins.enumerated() {
            let isFirst = index == 0
            var sesameItem = Item(
                title: title(urls: urls, username: login.username, passkeys: login.passkeys),
                username: login.username, password: login.password, urls: urls.map { ItemURL($0) },
                notes: isFirst ? notes.joined(separator: "\n\n") : "", fields: isFirst ? fields : [],
                tags: tags(), created: created, modified: modified, oneTimeCode: login.oneTimeCode)
            var heldPasskeys = 0
            for passkey in login.passkeys {
                do throws(CXFPasskeyRefusal) {
                    sesameItem = try mapping.adding(passkey, to: sesameItem)
                    heldPasskeys += 1
                } catch {
                    skip(CXFCredential.Kind.passkey, error.reason)
                }
            }
            // A login made only to carry passkeys that could not be held would be an empty shell.
            let holdsNothing = login.isPlaceholder && login.oneTimeCode == nil && heldPasskeys == 0
                && (!isFirst || (notes.isEmpty && fields.isEmpty))
            if holdsNothing { continue }
            let suffix = index == 0 ? "" : ", login \(index + 1)"
            result.records.append(.init(item: sesameItem, location: location + suffix))
        }
    }

    private mutating func skip(_ kind: String, _ reason: String) {
        if let index = skips.firstIndex(where: { $0.kind == kind && $0.reason == reason }) {
            skips[index].count += 1
        } else {
            skips.append((kind, reason, 1))
        }
    }

    // MARK: - Parts of the item

    private var created: Date {
        (item.creationAt ?? item.modifiedAt).map { Date(timeIntervalSince1970: TimeInterval($0)) } ?? now
    }

    private var modified: Date {
        item.modifiedAt.map { Date(timeIntervalSince1970: TimeInterval($0)) } ?? created
    }

    /// The scope's web addresses verbatim, then its Android apps as `androidapp://PACKAGE`, or
    /// `android://HASH@PACKAGE` (the form Chrome and Digital Asset Links use) with a SHA-256 certificate hash.
    /// An address holding a password is left out and reported: Sesame never stores one in a URL.
    private mutating func addresses() -> [String] {
        var urls: [String] = []
        for url in item.scope?.urls ?? [] {
            let trimmed = url.trimmed
            guard !trimmed.isEmpty else { continue }
            do {
                try ServiceURL.refusePassword(in: trimmed)
            } catch {
                skip("url", "it holds a password, which Sesame does not store in URLs")
                continue
            }
            if !urls.contains(trimmed) { urls.append(trimmed) }
        }
        for app in item.scope?.androidApps ?? [] {
            let package = app.bundleId.trimmed
            guard !package.isEmpty else { continue }
            let url: String
            if let certificate = app.certificate, certificate.hashAlgorithm.lowercased() == "sha256",
               certificate.fingerprint.count == 32 {
                url = "android://\(CXFBase64URL.encode(certificate.fingerprint))@\(package)"
            } else {
                if app.certificate != nil {
                    skip("android app certificate", "Sesame keeps only SHA-256 certificate hashes")
                }
                url = "androidapp://\(package)"
            }
            if !urls.contains(url) { urls.append(url) }
        }
        return urls
    }

    private func tags() -> [String] {
        var tags: [String] = []
        for tag in item.tags + collectionTags {
            let trimmed = tag.trimmed
            if !trimmed.isEmpty, !tags.contains(trimmed) { tags.append(trimmed) }
        }
        if item.favorite == true, !tags.contains("Favorite") { tags.append("Favorite") }
        return tags
    }

    /// The item's title; without one, the site's host (what browsers show for a login), else the user name.
    private func title(urls: [String], username: String, passkeys: [CXFPasskey]) -> String {
        let title = item.title.trimmed
        if !title.isEmpty { return title }
        for url in urls {
            let parsed = (try? ServiceURL(parsing: url)).flatMap { $0.scheme == nil ? nil : $0 }
                ?? (try? ServiceURL(parsing: "https://" + url))
            if let host = parsed?.host.unicode, !host.isEmpty { return host }
        }
        if let rpId = passkeys.first?.rpId, !rpId.isEmpty { return rpId }
        return username.isEmpty ? "Imported item" : username
    }

    // MARK: - Codes

    struct CodeRefusal: Error {
        var reason: String
    }

    /// The `otpauth://` URI Sesame keeps for a CXF code. CXF 1.0 tells importers to ignore codes of an unknown
    /// algorithm; codes Sesame cannot generate (digits outside 6–8, periods outside 1–3,600 s) are refused too,
    /// and reported.
    static func oneTimeCodeURI(_ totp: CXFTOTP) -> Result<String, CodeRefusal> {
        guard let algorithm = HMAC.Algorithm(rawValue: totp.algorithm.uppercased()) else {
            return .failure(CodeRefusal(reason: "its algorithm is not SHA-1, SHA-256 or SHA-512"))
        }
        guard OneTimeCodeSettings.digitsRange.contains(totp.digits) else {
            return .failure(CodeRefusal(reason: "it makes codes of \(totp.digits) digits; Sesame makes codes of 6 to 8"))
        }
        guard OneTimeCodeSettings.periodRange.contains(totp.period) else {
            return .failure(CodeRefusal(reason: "its period is \(totp.period) s; Sesame's codes last 1 to 3,600 s"))
        }
        let settings = OneTimeCodeSettings(
            secret: totp.secret, algorithm: algorithm, digits: totp.digits, period: totp.period,
            issuer: nonEmpty(totp.issuer), account: nonEmpty(totp.username))
        return .success(settings.uri)
    }

    static func nonEmpty(_ text: String?) -> String? {
        guard let text = text?.trimmed, !text.isEmpty else { return nil }
        return text
    }
}
