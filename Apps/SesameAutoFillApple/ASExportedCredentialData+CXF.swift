#if canImport(AuthenticationServices)
import AuthenticationServices
import Foundation
import SesameAutoFill

/// The core's CXF export as the data iOS 26's credential exchange sends: a field-for-field translation of what
/// `CXFExport` decided. What Apple's types cannot carry (an address `URL` refuses, a code whose algorithm, period
/// or digits do not fit) is counted in `leftOut`, by what it is, for the export's summary.
@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
public struct CXFAppleExport {
    public private(set) var data: ASExportedCredentialData
    public private(set) var leftOut: [String: Int] = [:]

    public init(_ header: CXFHeader) {
        data = ASExportedCredentialData(
            accounts: [], formatVersion: .v1, exporterRelyingPartyIdentifier: header.exporterRpId,
            exporterDisplayName: header.exporterDisplayName, timestamp: CXFTime.date(header.timestamp))
        data.accounts = header.accounts.map { account($0) }
    }

    private mutating func account(_ account: CXFAccount) -> ASImportableAccount {
        ASImportableAccount(
            id: Data(account.id), userName: account.username, email: account.email, fullName: account.fullName,
            collections: account.collections.map(Self.collection), items: account.items.map { item($0) })
    }

    private static func collection(_ collection: CXFCollection) -> ASImportableCollection {
        ASImportableCollection(
            id: Data(collection.id), created: collection.creationAt.map(CXFTime.date),
            lastModified: collection.modifiedAt.map(CXFTime.date), title: collection.title,
            subtitle: collection.subtitle,
            items: collection.items.map { ASImportableLinkedItem(item: Data($0.item), account: $0.account.map { Data($0) }) },
            subcollections: collection.subCollections.map(Self.collection))
    }

    private mutating func item(_ item: CXFItem) -> ASImportableItem {
        // The initializer without dates is iOS 26.1; the dates are optional properties either way.
        var exported = ASImportableItem(
            id: Data(item.id), created: Date(timeIntervalSince1970: 0), lastModified: Date(timeIntervalSince1970: 0),
            title: item.title, subtitle: item.subtitle, favorite: item.favorite ?? false, scope: nil,
            credentials: item.credentials.compactMap { credential($0) }, tags: item.tags)
        exported.created = item.creationAt.map(CXFTime.date)
        exported.lastModified = item.modifiedAt.map(CXFTime.date)
        if let scope = item.scope {
            var urls: [URL] = []
            for text in scope.urls {
                if let url = URL(string: text) { urls.append(url) } else { count("addresses iOS cannot carry") }
            }
            exported.scope = ASImportableCredentialScope(urls: urls, androidApps: scope.androidApps.map { app in
                ASImportableCredentialScope.AndroidAppID(
                    bundleID: app.bundleId,
                    certificate: app.certificate.map {
                        .init(fingerprint: Data($0.fingerprint), hashAlgorithm: $0.hashAlgorithm)
                    },
                    name: app.name)
            })
        }
        return exported
    }

    private mutating func credential(_ credential: CXFCredential) -> ASImportableCredential? {
        switch credential {
        case .basicAuth(let login):
            return .basicAuthentication(.init(userName: login.username.map(Self.field),
                                              password: login.password.map(Self.field)))
        case .totp(let code):
            guard let algorithm = Self.algorithm(code.algorithm), let period = UInt16(exactly: code.period),
                  let digits = UInt16(exactly: code.digits) else {
                count("one-time codes iOS cannot carry")
                return nil
            }
            return .totp(.init(secret: Data(code.secret), period: period, digits: digits, userName: code.username,
                               algorithm: algorithm, issuer: code.issuer))
        case .passkey(let passkey):
            return .passkey(.init(
                credentialID: Data(passkey.credentialId), relyingPartyIdentifier: passkey.rpId,
                userName: passkey.username, userDisplayName: passkey.userDisplayName,
                userHandle: Data(passkey.userHandle), key: Data(passkey.key)))
        case .note(let note):
            return .note(.init(content: Self.field(note)))
        case .customFields(let fields):
            return .customFields(.init(id: fields.id.map { Data($0) }, label: fields.label,
                                       fields: fields.fields.map(Self.field)))
        case .generatedPassword(let password):
            return .generatedPassword(.init(password: password))
        case .other(let type), .unreadable(let type, _):
            count(type)
            return nil
        }
    }

    private static func algorithm(_ name: String) -> ASImportableCredential.TOTP.Algorithm? {
        switch name.lowercased() {
        case "sha1": .sha1
        case "sha256": .sha256
        case "sha512": .sha512
        default: nil
        }
    }

    private static func field(_ field: CXFEditableField) -> ASImportableEditableField {
        ASImportableEditableField(id: field.id.map { Data($0) }, fieldType: fieldType(field.fieldType),
                                  value: field.value, label: field.label)
    }

    /// The SDK's field type for CXF's name; a name CXF 1.0 does not define is plain text.
    private static func fieldType(_ name: String) -> ASImportableEditableField.FieldType {
        switch name {
        case "concealed-string": .concealedString
        case "email": .email
        case "number": .number
        case "boolean": .boolean
        case "date": .date
        case "year-month": .yearMonth
        case "wifi-network-security-type": .wifiNetworkSecurityType
        case "country-code": .countryCode
        case "subdivision-code": .subdivisionCode
        default: .string
        }
    }

    private mutating func count(_ what: String) {
        leftOut[what, default: 0] += 1
    }
}
#endif
