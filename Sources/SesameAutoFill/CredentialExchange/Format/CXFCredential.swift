/// One credential of an item, tagged by its `type` in the file (CXF 1.0 §3.6). The kinds Sesame holds are read
/// whole; every other kind is kept by name only, so an import can say what it left out and how often.
public enum CXFCredential: Sendable, Equatable {
    case basicAuth(CXFBasicAuth)
    case totp(CXFTOTP)
    case passkey(CXFPasskey)
    case note(CXFEditableField)
    case customFields(CXFCustomFields)
    /// A password the exporter's generator made, not yet part of a login.
    case generatedPassword(String)
    /// A kind read by name only: one Sesame does not hold (`credit-card`, `address`, `wifi`, `ssh-key`, …) or one
    /// newer than CXF 1.0.
    case other(type: String)
    /// A kind Sesame holds, written in a form it cannot use (a secret that is not base32, a passkey without its
    /// key); `reason` says what, without quoting the value.
    case unreadable(type: String, reason: String)

    /// The `type` the file gives it.
    public var type: String {
        switch self {
        case .basicAuth: Kind.basicAuth
        case .totp: Kind.totp
        case .passkey: Kind.passkey
        case .note: Kind.note
        case .customFields: Kind.customFields
        case .generatedPassword: Kind.generatedPassword
        case .other(let type), .unreadable(let type, _): type
        }
    }

    /// The `type` names of CXF 1.0.
    public enum Kind {
        public static let basicAuth = "basic-auth"
        public static let totp = "totp"
        public static let passkey = "passkey"
        public static let note = "note"
        public static let customFields = "custom-fields"
        public static let generatedPassword = "generated-password"
        /// The kinds of CXF 1.0 that Sesame does not hold: an import reports them as left out, not as unknown.
        public static let notHeld: Set<String> = [
            "address", "api-key", "credit-card", "drivers-license", "file", "identity-document", "item-reference",
            "passport", "person-name", "ssh-key", "wifi",
        ]
    }
}

/// A value the user can edit (CXF 1.0 §3.7): its text, what kind of text (`string`, `concealed-string`, `email`,
/// `number`, `boolean`, `date`, `year-month`, …) and an optional label.
public struct CXFEditableField: Sendable, Equatable {
    public var id: [UInt8]?
    public var fieldType: String
    public var value: String
    public var label: String?

    public init(id: [UInt8]? = nil, fieldType: String, value: String, label: String? = nil) {
        self.id = id
        self.fieldType = fieldType
        self.value = value
        self.label = label
    }

    public static func string(_ value: String, label: String? = nil) -> CXFEditableField {
        CXFEditableField(fieldType: "string", value: value, label: label)
    }

    public static func concealed(_ value: String, label: String? = nil) -> CXFEditableField {
        CXFEditableField(fieldType: "concealed-string", value: value, label: label)
    }

    public var isConcealed: Bool { fieldType == "concealed-string" }
}
