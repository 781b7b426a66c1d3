/// Turns the parsed JSON into the CXF model, leniently where the file can still be understood: a member Sesame
/// does not know, a member of the wrong form (a string where a number belongs, a negative time) or a credential
/// that is not an object is skipped and counted in the ``CXFReadReport``; a credential of a known kind that
/// cannot be used (a secret that is not base32) becomes ``CXFCredential/unreadable(type:reason:)``, reported with
/// its item. Only what makes the whole file meaningless fails it: another major version, an item or account that
/// is not an object, a count over the budget.
struct CXFDecoder {
    let limits: CXFLimits
    private(set) var report = CXFReadReport()
    private var itemCount = 0
    private var collectionCount = 0

    init(limits: CXFLimits) {
        self.limits = limits
    }

    // Members read (anything else is skipped and counted; `extensions` are known to CXF but carry nothing Sesame
    // keeps, so they are counted too).
    static let headerMembers: Set<String> = ["version", "exporterRpId", "exporterDisplayName", "timestamp", "accounts"]
    static let accountMembers: Set<String> = ["id", "username", "email", "fullName", "collections", "items"]
    static let collectionMembers: Set<String> = ["id", "creationAt", "modifiedAt", "title", "subtitle", "items", "subCollections"]
    static let linkedItemMembers: Set<String> = ["item", "account"]
    static let itemMembers: Set<String> = [
        "id", "creationAt", "modifiedAt", "title", "subtitle", "favorite", "scope", "credentials", "tags",
    ]
    static let scopeMembers: Set<String> = ["urls", "androidApps"]
    static let androidAppMembers: Set<String> = ["bundleId", "certificate", "name"]
    static let certificateMembers: Set<String> = ["fingerprint", "hashAlg"]
    static let fieldMembers: Set<String> = ["id", "fieldType", "value", "label"]
    static let credentialMembers: [String: Set<String>] = [
        CXFCredential.Kind.basicAuth: ["username", "password"],
        CXFCredential.Kind.totp: ["secret", "period", "digits", "username", "algorithm", "issuer"],
        CXFCredential.Kind.passkey: ["credentialId", "rpId", "username", "userDisplayName", "userHandle", "key"],
        CXFCredential.Kind.note: ["content"],
        CXFCredential.Kind.customFields: ["id", "label", "fields"],
        CXFCredential.Kind.generatedPassword: ["password"],
    ]

    // MARK: - Document

    mutating func document(_ value: JSONValue) throws(CXFError) -> CXFHeader {
        guard let object = value.object else {
            throw CXFError("The file is not a CXF document: it is \(value.kindName), not a JSON object.")
        }
        if object["accounts"] != nil || object["version"] != nil || object["exporterRpId"] != nil {
            return try header(object)
        }
        guard object["items"] != nil else {
            throw CXFError("The file is not a CXF document: it has neither accounts nor items.")
        }
        // Apple, 1Password and Dashlane write one Account on its own.
        return CXFHeader(exporterRpId: "", exporterDisplayName: "", timestamp: 0, accounts: [try account(object)])
    }

    private mutating func header(_ object: JSONObject) throws(CXFError) -> CXFHeader {
        var version = CXFVersion.current
        if let versionObject = self.object(object, "version", in: "header") {
            version.major = Int(integer(versionObject, "major", in: "version") ?? 1)
            version.minor = Int(integer(versionObject, "minor", in: "version") ?? 0)
            skipUnknown(versionObject, known: ["major", "minor"], in: "version")
        }
        guard version.major == 1 else {
            throw CXFError("The file is CXF version \(version.major).\(version.minor); Sesame reads version 1.")
        }
        let elements = array(object, "accounts", in: "header") ?? []
        guard elements.count <= limits.accounts else {
            throw CXFError("The CXF file has more than \(CXFText.grouped(limits.accounts)) accounts, over Sesame's limit.")
        }
        var accounts: [CXFAccount] = []
        for (index, element) in elements.enumerated() {
            guard let accountObject = element.object else {
                throw CXFError("Account \(index + 1) of the CXF file is not a JSON object.")
            }
            accounts.append(try account(accountObject))
        }
        skipUnknown(object, known: Self.headerMembers, in: "header")
        return CXFHeader(
            version: version,
            exporterRpId: string(object, "exporterRpId", in: "header") ?? "",
            exporterDisplayName: string(object, "exporterDisplayName", in: "header") ?? "",
            timestamp: time(object, "timestamp", in: "header") ?? 0,
            accounts: accounts)
    }

    private mutating func account(_ object: JSONObject) throws(CXFError) -> CXFAccount {
        var account = CXFAccount(
            id: bytes(object, "id", in: "account") ?? [],
            username: string(object, "username", in: "account") ?? "",
            email: string(object, "email", in: "account") ?? "",
            fullName: string(object, "fullName", in: "account"))
        account.collections = try collections(array(object, "collections", in: "account") ?? [], in: "account")
        let elements = array(object, "items", in: "account") ?? []
        guard itemCount + elements.count <= limits.items else {
            throw CXFError("The CXF file has more than \(CXFText.grouped(limits.items)) items, over Sesame's limit.")
        }
        account.items.reserveCapacity(elements.count)
        for element in elements {
            itemCount += 1
            guard let itemObject = element.object else {
                throw CXFError("Item \(CXFText.grouped(itemCount)) of the CXF file is not a JSON object.")
            }
            account.items.append(try item(itemObject))
        }
        skipUnknown(object, known: Self.accountMembers, in: "account")
        return account
    }

    private mutating func collections(_ elements: [JSONValue], in place: String) throws(CXFError) -> [CXFCollection] {
        guard collectionCount + elements.count <= limits.collections else {
            throw CXFError("The CXF file has more than \(CXFText.grouped(limits.collections)) collections, over Sesame's limit.")
        }
        collectionCount += elements.count
        var decoded: [CXFCollection] = []
        for element in elements {
            guard let object = element.object else {
                report.skip(place, "collections")
                continue
            }
            var collection = CXFCollection(
                id: bytes(object, "id", in: "collection") ?? [],
                creationAt: time(object, "creationAt", in: "collection"),
                modifiedAt: time(object, "modifiedAt", in: "collection"),
                title: string(object, "title", in: "collection") ?? "",
                subtitle: string(object, "subtitle", in: "collection"))
            for linked in array(object, "items", in: "collection") ?? [] {
                guard let linkedObject = linked.object, let item = bytes(linkedObject, "item", in: "linkedItem") else {
                    report.skip("collection", "items")
                    continue
                }
                collection.items.append(CXFLinkedItem(item: item, account: bytes(linkedObject, "account", in: "linkedItem")))
                skipUnknown(linkedObject, known: Self.linkedItemMembers, in: "linkedItem")
            }
            collection.subCollections = try collections(
                array(object, "subCollections", in: "collection") ?? [], in: "collection")
            skipUnknown(object, known: Self.collectionMembers, in: "collection")
            decoded.append(collection)
        }
        return decoded
    }

    // MARK: - Items

    private mutating func item(_ object: JSONObject) throws(CXFError) -> CXFItem {
        var item = CXFItem(
            id: bytes(object, "id", in: "item") ?? [],
            creationAt: time(object, "creationAt", in: "item"),
            modifiedAt: time(object, "modifiedAt", in: "item"),
            title: string(object, "title", in: "item") ?? "",
            subtitle: string(object, "subtitle", in: "item"),
            favorite: bool(object, "favorite", in: "item"))
        if let scopeObject = self.object(object, "scope", in: "item") { item.scope = scope(scopeObject) }
        let elements = array(object, "credentials", in: "item") ?? []
        guard elements.count <= limits.credentialsPerItem else {
            throw CXFError("Item \(CXFText.grouped(itemCount)) of the CXF file has more than \(limits.credentialsPerItem) credentials, over Sesame's limit.")
        }
        for element in elements {
            guard let credentialObject = element.object else {
                report.skip("item", "credentials")
                continue
            }
            item.credentials.append(credential(credentialObject))
        }
        item.tags = strings(object, "tags", in: "item")
        skipUnknown(object, known: Self.itemMembers, in: "item")
        return item
    }

    private mutating func scope(_ object: JSONObject) -> CXFScope {
        var scope = CXFScope(urls: strings(object, "urls", in: "scope"))
        for element in array(object, "androidApps", in: "scope") ?? [] {
            guard let app = element.object, let bundleId = string(app, "bundleId", in: "androidApp") else {
                report.skip("scope", "androidApps")
                continue
            }
            var androidApp = CXFAndroidApp(bundleId: bundleId, name: string(app, "name", in: "androidApp"))
            if let certificate = self.object(app, "certificate", in: "androidApp") {
                if let fingerprint = bytes(certificate, "fingerprint", in: "certificate") {
                    androidApp.certificate = CXFAndroidCertificate(
                        fingerprint: fingerprint, hashAlgorithm: string(certificate, "hashAlg", in: "certificate") ?? "")
                } else {
                    report.skip("androidApp", "certificate")
                }
                skipUnknown(certificate, known: Self.certificateMembers, in: "certificate")
            }
            skipUnknown(app, known: Self.androidAppMembers, in: "androidApp")
            scope.androidApps.append(androidApp)
        }
        skipUnknown(object, known: Self.scopeMembers, in: "scope")
        return scope
    }

    // MARK: - Credentials

    private mutating func credential(_ object: JSONObject) -> CXFCredential {
        guard let type = string(object, "type", in: "credential") else { return .other(type: "(no type)") }
        guard let known = Self.credentialMembers[type] else { return .other(type: type) }
        defer { skipUnknown(object, known: known.union(["type"]), in: type) }
        switch type {
        case CXFCredential.Kind.basicAuth:
            return .basicAuth(CXFBasicAuth(
                username: field(object, "username", in: type), password: field(object, "password", in: type)))
        case CXFCredential.Kind.totp:
            return totp(object)
        case CXFCredential.Kind.passkey:
            return passkey(object)
        case CXFCredential.Kind.note:
            guard let content = field(object, "content", in: type) else {
                return .unreadable(type: type, reason: "it has no content")
            }
            return .note(content)
        case CXFCredential.Kind.customFields:
            var fields: [CXFEditableField] = []
            for element in array(object, "fields", in: type) ?? [] {
                guard let field = editableField(element, in: type + ".fields") else {
                    report.skip(type, "fields")
                    continue
                }
                fields.append(field)
            }
            return .customFields(CXFCustomFields(
                id: bytes(object, "id", in: type), label: string(object, "label", in: type), fields: fields))
        case CXFCredential.Kind.generatedPassword:
            guard let password = string(object, "password", in: type) else {
                return .unreadable(type: type, reason: "it has no password")
            }
            return .generatedPassword(password)
        default:
            return .other(type: type)
        }
    }

    private mutating func totp(_ object: JSONObject) -> CXFCredential {
        let type = CXFCredential.Kind.totp
        guard let text = string(object, "secret", in: type) else { return .unreadable(type: type, reason: "it has no secret") }
        guard let secret = CXFBase32.decode(text), !secret.isEmpty else {
            return .unreadable(type: type, reason: "its secret is not base32")
        }
        let period = integer(object, "period", in: type) ?? 30
        let digits = integer(object, "digits", in: type) ?? 6
        guard (1...Int64(Int32.max)).contains(period) else {
            return .unreadable(type: type, reason: "its period is not a positive number of seconds")
        }
        guard (1...Int64(Int32.max)).contains(digits) else {
            return .unreadable(type: type, reason: "its number of digits is not positive")
        }
        return .totp(CXFTOTP(
            secret: secret, period: Int(period), digits: Int(digits),
            algorithm: (string(object, "algorithm", in: type) ?? "sha1").lowercased(),
            username: string(object, "username", in: type), issuer: string(object, "issuer", in: type)))
    }

    private mutating func passkey(_ object: JSONObject) -> CXFCredential {
        let type = CXFCredential.Kind.passkey
        guard let credentialIdText = string(object, "credentialId", in: type) else {
            return .unreadable(type: type, reason: "it has no credential id")
        }
        guard let credentialId = CXFBase64URL.decode(credentialIdText) else {
            return .unreadable(type: type, reason: "its credential id is not base64url")
        }
        guard let rpId = string(object, "rpId", in: type) else {
            return .unreadable(type: type, reason: "it has no relying party id")
        }
        guard let userHandleText = string(object, "userHandle", in: type) else {
            return .unreadable(type: type, reason: "it has no user handle")
        }
        guard let userHandle = CXFBase64URL.decode(userHandleText) else {
            return .unreadable(type: type, reason: "its user handle is not base64url")
        }
        guard let keyText = string(object, "key", in: type) else { return .unreadable(type: type, reason: "it has no key") }
        guard let key = CXFBase64URL.decode(keyText) else {
            return .unreadable(type: type, reason: "its key is not base64url")
        }
        return .passkey(CXFPasskey(
            credentialId: credentialId, rpId: rpId, username: string(object, "username", in: type) ?? "",
            userDisplayName: string(object, "userDisplayName", in: type) ?? "", userHandle: userHandle, key: key))
    }

    private mutating func field(_ object: JSONObject, _ key: String, in place: String) -> CXFEditableField? {
        guard let value = object[key], value != .null else { return nil }
        guard let field = editableField(value, in: place + "." + key) else {
            report.skip(place, key)
            return nil
        }
        return field
    }

    /// An editable field, or (as some exporters write) its text alone.
    private mutating func editableField(_ value: JSONValue, in place: String) -> CXFEditableField? {
        if case .string(let text) = value { return .string(text) }
        guard let object = value.object else { return nil }
        let text: String
        switch object["value"] {
        case .string(let string): text = string
        case .number(let number): text = number
        case .bool(let flag): text = flag ? "true" : "false"
        case nil, .null: text = ""
        default:
            report.skip("field", "value")
            text = ""
        }
        skipUnknown(object, known: Self.fieldMembers, in: "field")
        return CXFEditableField(
            id: bytes(object, "id", in: "field"), fieldType: string(object, "fieldType", in: "field") ?? "",
            value: text, label: string(object, "label", in: "field"))
    }

    // MARK: - Members

    private mutating func skipUnknown(_ object: JSONObject, known: Set<String>, in place: String) {
        for key in object.keys where !known.contains(key) { report.skip(place, key) }
    }

    private mutating func string(_ object: JSONObject, _ key: String, in place: String) -> String? {
        switch object[key] {
        case .string(let text): return text
        case nil, .null: return nil
        default:
            report.skip(place, key)
            return nil
        }
    }

    private mutating func strings(_ object: JSONObject, _ key: String, in place: String) -> [String] {
        var strings: [String] = []
        for element in array(object, key, in: place) ?? [] {
            guard case .string(let text) = element else {
                report.skip(place, key)
                continue
            }
            strings.append(text)
        }
        return strings
    }

    private mutating func bool(_ object: JSONObject, _ key: String, in place: String) -> Bool? {
        switch object[key] {
        case .bool(let flag): return flag
        case .string("true"): return true
        case .string("false"): return false
        case nil, .null: return nil
        default:
            report.skip(place, key)
            return nil
        }
    }

    /// An integer, written as one or as a number with a zero fraction (`1705142400.0`).
    private mutating func integer(_ object: JSONObject, _ key: String, in place: String) -> Int64? {
        switch object[key] {
        case .number(let text):
            if let integer = Int64(text) { return integer }
            if let double = Double(text), double.rounded() == double, abs(double) < 9.0e15 { return Int64(double) }
            report.skip(place, key)
            return nil
        case nil, .null: return nil
        default:
            report.skip(place, key)
            return nil
        }
    }

    /// A time in seconds since 1970. A negative one (Google Password Manager writes Windows' epoch for "no date")
    /// is skipped.
    private mutating func time(_ object: JSONObject, _ key: String, in place: String) -> Int64? {
        guard let seconds = integer(object, key, in: place) else { return nil }
        guard seconds >= 0 else {
            report.skip(place, key)
            return nil
        }
        return seconds
    }

    private mutating func bytes(_ object: JSONObject, _ key: String, in place: String) -> [UInt8]? {
        guard let text = string(object, key, in: place) else { return nil }
        guard let bytes = CXFBase64URL.decode(text) else {
            report.skip(place, key)
            return nil
        }
        return bytes
    }

    private mutating func array(_ object: JSONObject, _ key: String, in place: String) -> [JSONValue]? {
        switch object[key] {
        case .array(let elements): return elements
        case nil, .null: return nil
        default:
            report.skip(place, key)
            return nil
        }
    }

    private mutating func object(_ object: JSONObject, _ key: String, in place: String) -> JSONObject? {
        switch object[key] {
        case .object(let member): return member
        case nil, .null: return nil
        default:
            report.skip(place, key)
            return nil
        }
    }
}
