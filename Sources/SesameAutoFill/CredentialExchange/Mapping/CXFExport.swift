import Foundation
import SesameCrypto
import SesameDomains
import SesameStore

/// Sesame items as one CXF account (docs/import-export.md, "Credential Exchange"). Each item is one CXF item, as
/// CXF allows several credentials per item: its login (`basic-auth`, with the addresses as the item's scope and
/// Android apps as `androidApps`), its code (`totp`), its passkeys, its notes (`note`) and fields
/// (`custom-fields`, protected ones concealed). Tags become the item's `tags` and one collection per tag;
/// the tag `Favorite` becomes `favorite`. What CXF has no place for (password history, attachments, match modes,
/// expiry, Secret Service attributes, KeePass details) is counted in the summary.
public enum CXFExport {
    /// Written in the header: Sesame has no domain of its own, and `.invalid` can never name someone else's.
    public static let exporterRpId = "sesame.invalid"
    public static let exporterDisplayName = "Sesame"

    public static func header(
        for items: [Item], passkeys: some CXFPasskeyMapping = CXFSesamePasskeys(), now: Date = Date(),
        accountID: [UInt8] = SecureRandom.bytes(count: 16)
    ) -> (header: CXFHeader, summary: CXFExportSummary) {
        var summary = CXFExportSummary()
        var account = CXFAccount(id: accountID)
        var collections: [(tag: String, items: [CXFLinkedItem])] = []
        account.items.reserveCapacity(items.count)
        for item in items {
            let exported = self.item(item, passkeys: passkeys, summary: &summary)
            account.items.append(exported)
            for tag in exported.tags {
                if let index = collections.firstIndex(where: { $0.tag == tag }) {
                    collections[index].items.append(CXFLinkedItem(item: exported.id))
                } else {
                    collections.append((tag, [CXFLinkedItem(item: exported.id)]))
                }
            }
        }
        account.collections = collections.map { tag, linked in
            // The same tag gets the same id in every export.
            CXFCollection(id: Digest.blake2b(Array(("sesame.cxf.collection " + tag).utf8), length: 16), title: tag,
                          items: linked)
        }
        summary.items = account.items.count
        let header = CXFHeader(
            exporterRpId: exporterRpId, exporterDisplayName: exporterDisplayName,
            timestamp: Int64(now.timeIntervalSince1970.rounded(.down)), accounts: [account])
        return (header, summary)
    }

    static func item(_ item: Item, passkeys mapping: some CXFPasskeyMapping, summary: inout CXFExportSummary) -> CXFItem {
        var exported = CXFItem(
            id: withUnsafeBytes(of: item.id.uuid) { Array($0) },
            creationAt: seconds(item.created), modifiedAt: seconds(item.modified), title: item.title,
            favorite: item.tags.contains("Favorite") ? true : nil,
            tags: item.tags.filter { $0 != "Favorite" })
        var scope = CXFScope()
        for url in item.urls {
            if let app = androidApp(url.url) {
                scope.androidApps.append(app)
            } else {
                scope.urls.append(url.url)
            }
        }
        if !scope.isEmpty { exported.scope = scope }

        var credentials: [CXFCredential] = []
        var fields = item.fields.map { field in
            field.isProtected ? CXFEditableField.concealed(field.value, label: field.name)
                : CXFEditableField.string(field.value, label: field.name)
        }
        if let uri = item.oneTimeCode, !uri.isEmpty {
            if let settings = try? OneTimeCodeSettings(parsing: uri) {
                credentials.append(.totp(CXFTOTP(
                    secret: settings.secret, period: settings.period, digits: settings.digits,
                    algorithm: settings.algorithm.rawValue.lowercased(), username: settings.account,
                    issuer: settings.issuer)))
                summary.codes += 1
            } else {
                // Read back by Sesame's import as the item's code.
                fields.append(.concealed(uri, label: "one-time code"))
                summary.codesAsFields += 1
            }
        }
        let (itemPasskeys, passkeysLeftOut) = mapping.passkeys(of: item)
        credentials += itemPasskeys.map(CXFCredential.passkey)
        summary.passkeys += itemPasskeys.count
        count(passkeysLeftOut, "passkeys with a signature counter or not backup eligible", in: &summary)
        if !item.notes.isEmpty {
            credentials.append(.note(.string(item.notes)))
            summary.notes += 1
        }
        if !fields.isEmpty {
            credentials.append(.customFields(CXFCustomFields(fields: fields)))
            summary.fields += item.fields.count
        }
        // A login whenever there is one, and for an item that would otherwise carry nothing, so that it comes back.
        if !item.username.isEmpty || !item.password.isEmpty || !item.urls.isEmpty || credentials.isEmpty {
            credentials.insert(.basicAuth(CXFBasicAuth(
                username: .string(item.username), password: .concealed(item.password))), at: 0)
            summary.logins += 1
        }
        exported.credentials = credentials

        count(item.passwordHistory.count, "password-history entries", in: &summary)
        count(item.attachments.count, "attachments", in: &summary)
        count(item.matchMode != .domain || item.urls.contains { $0.match != nil } ? 1 : 0, "match modes", in: &summary)
        count(item.expires == nil ? 0 : 1, "expiry dates", in: &summary)
        count(item.attributes.isEmpty ? 0 : 1, "Secret Service attributes", in: &summary)
        count(item.keePassExtras == nil ? 0 : 1, "KeePass details (icon, auto-type, group)", in: &summary)
        return exported
    }

    private static func count(_ number: Int, _ what: String, in summary: inout CXFExportSummary) {
        if number > 0 { summary.leftOut[what, default: 0] += number }
    }

    private static func seconds(_ date: Date) -> Int64? {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds >= 0, seconds < 1e15 else { return nil }
        return Int64(seconds)
    }

    /// An Android app address (`androidapp://PACKAGE`, `android://HASH@PACKAGE/`) as CXF's `androidApps` entry;
    /// nil for any other address. A hash of 32 bytes is taken as the SHA-256 certificate hash it is in that form.
    static func androidApp(_ url: String) -> CXFAndroidApp? {
        guard let parsed = try? ServiceURL(parsing: url), let scheme = parsed.scheme,
              scheme == "android" || scheme == "androidapp" else { return nil }
        let package = parsed.host.ascii
        guard !package.isEmpty else { return nil }
        var app = CXFAndroidApp(bundleId: package)
        if let user = parsed.user, let hash = CXFBase64URL.decode(user.removingPercentEncoding ?? user), hash.count == 32 {
            app.certificate = CXFAndroidCertificate(fingerprint: hash, hashAlgorithm: "sha256")
        }
        return app
    }
}
