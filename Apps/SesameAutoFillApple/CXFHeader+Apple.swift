#if canImport(AuthenticationServices)
import AuthenticationServices
import Foundation
import SesameAutoFill

// What another app sent through iOS 26's credential exchange, as the core's CXF model: a field-for-field
// translation. What becomes of each credential (kept, refused, reported as a kind Sesame does not hold) is decided
// by the core's `CXFImport`, exactly as for a CXF file.

@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
extension CXFHeader {
    public init(_ data: ASExportedCredentialData) {
        self.init(
            version: .current, exporterRpId: data.exporterRelyingPartyIdentifier,
            exporterDisplayName: data.exporterDisplayName, timestamp: CXFTime.seconds(data.timestamp) ?? 0,
            accounts: data.accounts.map(CXFAccount.init))
    }
}

@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
extension CXFAccount {
    public init(_ account: ASImportableAccount) {
        self.init(id: [UInt8](account.id), username: account.userName, email: account.email,
                  fullName: account.fullName, collections: account.collections.map(CXFCollection.init),
                  items: account.items.map(CXFItem.init))
    }
}

@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
extension CXFCollection {
    public init(_ collection: ASImportableCollection) {
        self.init(id: [UInt8](collection.id), creationAt: collection.created.flatMap(CXFTime.seconds),
                  modifiedAt: collection.lastModified.flatMap(CXFTime.seconds), title: collection.title,
                  subtitle: collection.subtitle,
                  items: collection.items.map { CXFLinkedItem(item: [UInt8]($0.item), account: $0.account.map { [UInt8]($0) }) },
                  subCollections: collection.subcollections.map(CXFCollection.init))
    }
}

@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
extension CXFItem {
    public init(_ item: ASImportableItem) {
        self.init(id: [UInt8](item.id), creationAt: item.created.flatMap(CXFTime.seconds),
                  modifiedAt: item.lastModified.flatMap(CXFTime.seconds), title: item.title, subtitle: item.subtitle,
                  favorite: item.favorite, scope: item.scope.map(CXFScope.init),
                  credentials: item.credentials.map(CXFCredential.init), tags: item.tags)
    }
}

@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
extension CXFScope {
    public init(_ scope: ASImportableCredentialScope) {
        self.init(urls: scope.urls.map(\.absoluteString), androidApps: scope.androidApps.map { app in
            CXFAndroidApp(bundleId: app.bundleID, certificate: app.certificate.map {
                CXFAndroidCertificate(fingerprint: [UInt8]($0.fingerprint), hashAlgorithm: $0.hashAlgorithm)
            }, name: app.name)
        })
    }
}

@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
extension CXFCredential {
    public init(_ credential: ASImportableCredential) {
        switch credential {
        case .basicAuthentication(let login):
            self = .basicAuth(CXFBasicAuth(username: login.userName.map(CXFEditableField.init),
                                           password: login.password.map(CXFEditableField.init)))
        case .totp(let code):
            self = .totp(CXFTOTP(secret: [UInt8](code.secret), period: Int(code.period), digits: Int(code.digits),
                                 algorithm: CXFCredential.name(of: code.algorithm), username: code.userName,
                                 issuer: code.issuer))
        case .passkey(let passkey):
            self = .passkey(CXFPasskey(
                credentialId: [UInt8](passkey.credentialID), rpId: passkey.relyingPartyIdentifier,
                username: passkey.userName, userDisplayName: passkey.userDisplayName,
                userHandle: [UInt8](passkey.userHandle), key: [UInt8](passkey.key)))
        case .note(let note):
            self = .note(CXFEditableField(note.content))
        case .customFields(let fields):
            self = .customFields(CXFCustomFields(id: fields.id.map { [UInt8]($0) }, label: fields.label,
                                                 fields: fields.fields.map(CXFEditableField.init)))
        case .generatedPassword(let generated):
            self = .generatedPassword(generated.password)
        case .address: self = .other(type: "address")
        case .apiKey: self = .other(type: "api-key")
        case .creditCard: self = .other(type: "credit-card")
        case .driversLicense: self = .other(type: "drivers-license")
        case .identityDocument: self = .other(type: "identity-document")
        case .itemReference: self = .other(type: "item-reference")
        case .passport: self = .other(type: "passport")
        case .personName: self = .other(type: "person-name")
        case .sshKey: self = .other(type: "ssh-key")
        case .wifi: self = .other(type: "wifi")
        @unknown default: self = .other(type: "a kind newer than iOS 26")
        }
    }

    static func name(of algorithm: ASImportableCredential.TOTP.Algorithm) -> String {
        switch algorithm {
        case .sha1: "sha1"
        case .sha256: "sha256"
        case .sha512: "sha512"
        @unknown default: algorithm.rawValue
        }
    }
}

@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
extension CXFEditableField {
    public init(_ field: ASImportableEditableField) {
        self.init(id: field.id.map { [UInt8]($0) }, fieldType: Self.name(of: field.fieldType), value: field.value,
                  label: field.label)
    }

    /// CXF's name of each field type (the SDK's raw values are its own).
    static func name(of type: ASImportableEditableField.FieldType) -> String {
        switch type {
        case .string: "string"
        case .concealedString: "concealed-string"
        case .email: "email"
        case .number: "number"
        case .boolean: "boolean"
        case .date: "date"
        case .yearMonth: "year-month"
        case .wifiNetworkSecurityType: "wifi-network-security-type"
        case .countryCode: "country-code"
        case .subdivisionCode: "subdivision-code"
        @unknown default: type.rawValue
        }
    }
}

/// CXF's times are whole seconds since 1970; a time before 1970 is left out, as the file reader leaves it out.
enum CXFTime {
    static func seconds(_ date: Date) -> Int64? {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds >= 0, seconds < 1e15 else { return nil }
        return Int64(seconds)
    }

    static func date(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }
}
#endif
