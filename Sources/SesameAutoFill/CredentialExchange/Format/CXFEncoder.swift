/// The CXF model as JSON, members in the order CXF 1.0 describes them; optional members are left out when
/// empty. ``CXFCredential/other(type:)`` and ``CXFCredential/unreadable(type:reason:)`` are written as their
/// `type` alone: Sesame's own exports make neither.
enum CXFEncoder {
    static func header(_ header: CXFHeader) -> JSONValue {
        var object = JSONObject()
        object.append("version", .object(JSONObject([
            ("major", .number(String(header.version.major))), ("minor", .number(String(header.version.minor))),
        ])))
        object.append("exporterRpId", .string(header.exporterRpId))
        object.append("exporterDisplayName", .string(header.exporterDisplayName))
        object.append("timestamp", .number(String(header.timestamp)))
        object.append("accounts", .array(header.accounts.map(account)))
        return .object(object)
    }

    static func account(_ account: CXFAccount) -> JSONValue {
        var object = JSONObject()
        object.append("id", bytes(account.id))
        object.append("username", .string(account.username))
        object.append("email", .string(account.email))
        object.append("fullName", account.fullName.map(JSONValue.string))
        object.append("collections", .array(account.collections.map(collection)))
        object.append("items", .array(account.items.map(item)))
        return .object(object)
    }

    static func collection(_ collection: CXFCollection) -> JSONValue {
        var object = JSONObject()
        object.append("id", bytes(collection.id))
        object.append("creationAt", collection.creationAt.map(number))
        object.append("modifiedAt", collection.modifiedAt.map(number))
        object.append("title", .string(collection.title))
        object.append("subtitle", collection.subtitle.map(JSONValue.string))
        object.append("items", .array(collection.items.map { linked in
            var member = JSONObject()
            member.append("item", bytes(linked.item))
            member.append("account", linked.account.map(bytes))
            return .object(member)
        }))
        if !collection.subCollections.isEmpty {
            object.append("subCollections", .array(collection.subCollections.map(Self.collection)))
        }
        return .object(object)
    }

    static func item(_ item: CXFItem) -> JSONValue {
        var object = JSONObject()
        object.append("id", bytes(item.id))
        object.append("creationAt", item.creationAt.map(number))
        object.append("modifiedAt", item.modifiedAt.map(number))
        object.append("title", .string(item.title))
        object.append("subtitle", item.subtitle.map(JSONValue.string))
        object.append("favorite", item.favorite.map(JSONValue.bool))
        object.append("scope", item.scope.map(scope))
        object.append("credentials", .array(item.credentials.map(credential)))
        if !item.tags.isEmpty { object.append("tags", .array(item.tags.map(JSONValue.string))) }
        return .object(object)
    }

    static func scope(_ scope: CXFScope) -> JSONValue {
        .object(JSONObject([
            ("urls", .array(scope.urls.map(JSONValue.string))),
            ("androidApps", .array(scope.androidApps.map { app in
                var object = JSONObject()
                object.append("bundleId", .string(app.bundleId))
                object.append("certificate", app.certificate.map { certificate in
                    .object(JSONObject([
                        ("fingerprint", bytes(certificate.fingerprint)), ("hashAlg", .string(certificate.hashAlgorithm)),
                    ]))
                })
                object.append("name", app.name.map(JSONValue.string))
                return .object(object)
            })),
        ]))
    }

    static func credential(_ credential: CXFCredential) -> JSONValue {
        var object = JSONObject()
        object.append("type", .string(credential.type))
        switch credential {
        case .basicAuth(let login):
            object.append("username", login.username.map(field))
            object.append("password", login.password.map(field))
        case .totp(let totp):
            object.append("secret", .string(CXFBase32.encode(totp.secret)))
            object.append("period", .number(String(totp.period)))
            object.append("digits", .number(String(totp.digits)))
            object.append("username", totp.username.map(JSONValue.string))
            object.append("algorithm", .string(totp.algorithm))
            object.append("issuer", totp.issuer.map(JSONValue.string))
        case .passkey(let passkey):
            object.append("credentialId", bytes(passkey.credentialId))
            object.append("rpId", .string(passkey.rpId))
            object.append("username", .string(passkey.username))
            object.append("userDisplayName", .string(passkey.userDisplayName))
            object.append("userHandle", bytes(passkey.userHandle))
            object.append("key", bytes(passkey.key))
        case .note(let content):
            object.append("content", field(content))
        case .customFields(let group):
            object.append("id", group.id.map(bytes))
            object.append("label", group.label.map(JSONValue.string))
            object.append("fields", .array(group.fields.map(field)))
        case .generatedPassword(let password):
            object.append("password", .string(password))
        case .other, .unreadable:
            break
        }
        return .object(object)
    }

    static func field(_ field: CXFEditableField) -> JSONValue {
        var object = JSONObject()
        object.append("id", field.id.map(bytes))
        object.append("fieldType", .string(field.fieldType.isEmpty ? "string" : field.fieldType))
        object.append("value", .string(field.value))
        object.append("label", field.label.map(JSONValue.string))
        return .object(object)
    }

    private static func bytes(_ bytes: [UInt8]) -> JSONValue { .string(CXFBase64URL.encode(bytes)) }

    private static func number(_ value: Int64) -> JSONValue { .number(String(value)) }
}
