/// `sesame show`'s view of one item for people, from plain values: the full CLI fills it from the vault's types and
/// the `sesame` front from the agent's reply, so both print the same bytes. Every value is escaped with
/// ``TerminalText``; notes keep their line breaks. The password and protected fields only when revealed.
public struct ItemCard: Sendable {
    public struct Field: Sendable {
        public var name: String
        /// Nil for a protected field that is not revealed.
        public var value: String?

        public init(name: String, value: String?) {
            self.name = name
            self.value = value
        }
    }

    /// A passkey as `show` names it: never its private key.
    public struct Passkey: Sendable {
        public var relyingParty: String
        public var userName: String
        /// The credential id in base64url.
        public var credentialID: String
        public var created: String
        public var lastUsed: String?

        public init(relyingParty: String, userName: String, credentialID: String, created: String, lastUsed: String?) {
            self.relyingParty = relyingParty
            self.userName = userName
            self.credentialID = credentialID
            self.created = created
            self.lastUsed = lastUsed
        }
    }

    /// A revealed passkey's private key, as the PEM text KeePass keeps.
    public struct PrivateKey: Sendable {
        public var relyingParty: String
        public var credentialID: String
        public var pemText: String

        public init(relyingParty: String, credentialID: String, pemText: String) {
            self.relyingParty = relyingParty
            self.credentialID = credentialID
            self.pemText = pemText
        }
    }

    public var id: String
    public var title: String
    public var username: String
    /// The password when revealed; otherwise only whether there is one.
    public var password: String?
    public var hasPassword: Bool
    /// Each URL with the match mode that applies to it (its own, else the item's).
    public var urls: [(url: String, mode: String)]
    public var fields: [Field]
    public var tags: [String]
    public var matchMode: String
    /// Times as they are shown (ISO 8601).
    public var expires: String?
    public var modified: String
    public var created: String
    /// Revealed: the earlier passwords, oldest first, with the time each was replaced; otherwise nil.
    public var history: [(password: String, replaced: String)]?
    public var historyCount: Int
    public var notes: String
    public var hasOneTimeCode: Bool
    /// The `otpauth://` URI when revealed; otherwise nil.
    public var oneTimeCode: String?
    public var passkeys: [Passkey]
    /// Revealed: the private key of each passkey; otherwise empty.
    public var privateKeys: [PrivateKey]

    public init(id: String, title: String, username: String, password: String?, hasPassword: Bool,
                urls: [(url: String, mode: String)], fields: [Field], tags: [String], matchMode: String,
                expires: String?, modified: String, created: String, history: [(password: String, replaced: String)]?,
                historyCount: Int, notes: String, hasOneTimeCode: Bool, oneTimeCode: String?, passkeys: [Passkey] = [],
                privateKeys: [PrivateKey] = []) {
        self.id = id
        self.title = title
        self.username = username
        self.password = password
        self.hasPassword = hasPassword
        self.urls = urls
        self.fields = fields
        self.tags = tags
        self.matchMode = matchMode
        self.expires = expires
        self.modified = modified
        self.created = created
        self.history = history
        self.historyCount = historyCount
        self.notes = notes
        self.hasOneTimeCode = hasOneTimeCode
        self.oneTimeCode = oneTimeCode
        self.passkeys = passkeys
        self.privateKeys = privateKeys
    }

    /// Labels in bold where `style` is enabled, padded to one column, a value per line, then the notes, then the
    /// revealed private keys.
    public func render(style: TextStyle) -> String {
        var rows: [(String, String)] = [("Title", title), ("Username", username)]
        rows.append(("Password", password ?? (hasPassword ? "******** (use --reveal to show)" : "")))
        for (index, url) in urls.enumerated() {
            rows.append((index == 0 ? "URLs" : "", url.url + (url.mode == "domain" ? "" : " (match: \(url.mode))")))
        }
        for field in fields {
            rows.append((field.name, field.value ?? "******** (protected)"))
        }
        if let oneTimeCode, !oneTimeCode.isEmpty {
            rows.append(("One-time code", oneTimeCode))
        } else if hasOneTimeCode {
            rows.append(("One-time code", "set ('sesame totp' shows the current code)"))
        }
        if !tags.isEmpty { rows.append(("Tags", tags.joined(separator: ", "))) }
        if matchMode != "domain" { rows.append(("Match", matchMode)) }
        if let expires { rows.append(("Expires", expires)) }
        rows.append(("Modified", modified))
        rows.append(("Created", created))
        if let history {
            for entry in history.reversed() {
                rows.append(("Old password", "\(entry.password) (until \(entry.replaced))"))
            }
        } else if historyCount > 0 {
            rows.append(("History", "\(historyCount) earlier password(s) (use --reveal to show)"))
        }
        for (index, passkey) in passkeys.enumerated() {
            var text = "\(passkey.relyingParty), \(passkey.userName.isEmpty ? "no user name" : passkey.userName)"
            text += ", created \(passkey.created)"
            if let lastUsed = passkey.lastUsed { text += ", last used \(lastUsed)" }
            text += ", id \(passkey.credentialID)"
            rows.append((index == 0 ? "Passkeys" : "", text))
        }
        rows.append(("ID", id))
        let width = rows.map { TerminalText.singleLine($0.0).count }.max() ?? 0
        var text = rows.map { label, value in
            let label = TerminalText.singleLine(label)
            let padded = label.isEmpty ? String(repeating: " ", count: width + 1) : style.bold(label + ":")
                + String(repeating: " ", count: width - label.count)
            return "\(padded) \(TerminalText.singleLine(value))"
        }.joined(separator: "\n")
        if !notes.isEmpty {
            // Notes keep their lines, under their own label, indented so they cannot pass for fields.
            let lines = TerminalText.sanitized(notes).split(separator: "\n", omittingEmptySubsequences: false)
            text += "\n" + style.bold("Notes:") + "\n" + lines.map { "  " + $0 }.joined(separator: "\n")
        }
        for key in privateKeys {
            text += "\n\n" + style.bold(TerminalText.singleLine("Private key of the passkey for \(key.relyingParty) (\(key.credentialID)):"))
            var pem = TerminalText.sanitized(key.pemText)
            while pem.last == "\n" { pem.removeLast() }
            text += "\n" + pem
        }
        return text + "\n"
    }
}
