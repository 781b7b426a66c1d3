import Foundation
import SesameDomains
import SesameStore

/// One suggestion the system may show above the keyboard without waking the extension
/// (`ASPasswordCredentialIdentity`): the service it is for, the user name shown, the record identifier that comes
/// back when the user taps it, and a rank that orders identities of the same service (higher first).
///
/// An identity never carries a password: the system stores identities outside the vault, unencrypted by us.
/// `IdentitySync` derives them from the vault with ``identities(for:usage:suffixes:)``; the system hands one back
/// to `CredentialProvider` when the user taps it.
public struct CredentialIdentity: Sendable, Hashable, Codable {
    /// What the suggestion fills: a password (`ASPasswordCredentialIdentity`), a one-time code
    /// (`ASOneTimeCodeCredentialIdentity`, iOS 18), which the system offers in one-time-code fields, or a passkey
    /// sign-in (`ASPasskeyCredentialIdentity`), which it offers for the relying party.
    public enum Kind: String, Sendable, Hashable, Codable {
        case password, oneTimeCode, passkey
    }

    public var kind: Kind
    public var serviceIdentifier: ServiceIdentifier
    /// What QuickType shows: the item's user name, or its title when it has none.
    public var user: String
    /// The item's id as lowercase UUID text. Optional and free-form like Apple's: an identity the system hands
    /// back may carry nil or text we never wrote, which ``itemID`` reads as "no such item".
    public var recordIdentifier: String?
    /// Higher wins among identities with the same service identifier; seconds since 1970 of the item's last
    /// use, 0 for an item never used.
    public var rank: Int
    /// A passkey identity's credential id (empty for the other kinds): which passkey of the item signs.
    public var credentialID: [UInt8]
    /// A passkey identity's user handle, the relying party's account id (empty for the other kinds).
    public var userHandle: [UInt8]

    public init(serviceIdentifier: ServiceIdentifier, user: String, recordIdentifier: String?, rank: Int = 0,
                kind: Kind = .password, credentialID: [UInt8] = [], userHandle: [UInt8] = []) {
        self.kind = kind
        self.serviceIdentifier = serviceIdentifier
        self.user = user
        self.recordIdentifier = recordIdentifier
        self.rank = rank
        self.credentialID = credentialID
        self.userHandle = userHandle
    }

    /// A passkey's identity: its relying party as a domain, its user name, the item's record identifier.
    public init(passkey: ItemLogin.PasskeyName, itemID: UUID, rank: Int = 0) {
        self.init(serviceIdentifier: ServiceIdentifier(passkey.relyingPartyID, kind: .domain), user: passkey.userName,
                  recordIdentifier: Self.recordIdentifier(for: itemID), rank: rank, kind: .passkey,
                  credentialID: passkey.credentialID, userHandle: passkey.userHandle)
    }

    /// The vault item the record identifier names, or nil when it names none.
    public var itemID: UUID? {
        recordIdentifier.flatMap { $0.utf8.count == 36 ? UUID(uuidString: $0) : nil }
    }

    /// The record identifier written for an item: `id.uuidString.lowercased()`, formatted directly because a full
    /// sync writes one per identity.
    public static func recordIdentifier(for id: UUID) -> String {
        withUnsafeBytes(of: id.uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                var offset = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[offset] = UInt8(ascii: "-")
                        offset += 1
                    }
                    text[offset] = hexDigits[Int(byte >> 4)]
                    text[offset + 1] = hexDigits[Int(byte & 0x0F)]
                    offset += 2
                }
                return offset
            }
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// What names an identity in a store: everything but the rank (the kind included: a one-time-code identity is
    /// another suggestion than the password identity of the same account; a passkey's, its credential id).
    /// Saving an identity with the same key overwrites the stored one (a new rank); one with another key is
    /// another suggestion.
    public struct Key: Hashable, Sendable {
        public var kind: Kind
        public var serviceIdentifier: ServiceIdentifier
        public var user: String
        public var recordIdentifier: String?
        public var credentialID: [UInt8]
    }

    public var key: Key {
        Key(kind: kind, serviceIdentifier: serviceIdentifier, user: user, recordIdentifier: recordIdentifier,
            credentialID: credentialID)
    }

    /// Same suggestion, ignoring rank.
    func hasSameKey(as other: CredentialIdentity) -> Bool {
        recordIdentifier == other.recordIdentifier && serviceIdentifier == other.serviceIdentifier
            && user == other.user && kind == other.kind && credentialID == other.credentialID
    }
}

extension CredentialIdentity: CustomStringConvertible {
    /// Names the service and the record, not the user: descriptions end up in logs.
    public var description: String {
        "CredentialIdentity(\(kind == .password ? "" : kind == .oneTimeCode ? "one-time code, " : "passkey, ")\(serviceIdentifier.kind.rawValue) \(serviceIdentifier.identifier), record \(recordIdentifier ?? "nil"), rank \(rank))"
    }
}

// MARK: - Identity rules

extension CredentialIdentity {
    /// The identities of one item: one per place the item may be offered, never one for an item that cannot be.
    ///
    /// - An item in mode `never`, or with neither user name nor password, has none. Trashed and deleted items
    ///   are not passed here (`IdentitySync` reads active items only).
    /// - Each stored URL whose mode is not `never` names a *scope*, the widest place its match mode allows:
    ///   - `domain` (the default): the URL's site, its registrable domain, as a `.domain` identifier
    ///     (`https://login.example.co.uk/x` → `example.co.uk`). The OS offers a domain identity on the
    ///     domain and its subdomains, which is what this mode means.
    ///   - `host`: the host, as a `.domain` identifier (`intranet.example.com`).
    ///   - `exact`: the URL itself (scheme, host, port, path), as a `.url` identifier.
    ///   - A host that is not below a registrable domain (an IP address, `localhost`, a single label, a host that
    ///     is itself a public suffix such as `github.io`) is never a domain scope, which the OS could widen to a
    ///     whole public suffix; it gets the URL's origin (`https://192.168.1.1:8443`) as a `.url` identifier.
    /// - Scopes that another scope of the same item already covers are dropped (`intranet.example.com` under
    ///   `example.com`), so QuickType never shows the same account twice for one page. In the common case this
    ///   is one identity per (item, registrable domain).
    /// - Unparseable URLs are skipped: they cannot match any form either.
    /// - An item with a one-time code also gets a one-time-code identity per scope (even without user name or
    ///   password, when its code is all it holds).
    /// - Each passkey gets one passkey identity for its relying party, whatever the URLs (the system offers it
    ///   on the relying party's domain), ranked by the later of the item's last fill and the passkey's last
    ///   sign-in. An item in mode `never` offers its passkeys nowhere either.
    ///
    /// - Parameter suffixes: the public suffix list (the vault's), passed in so a full build
    ///   looks it up once.
    public static func identities(for item: Item, usage: ItemUsage?, suffixes: PublicSuffixList)
        -> [CredentialIdentity]
    {
        identities(for: ItemLogin(item), usage: usage, suffixes: suffixes)
    }

    /// ``identities(for:usage:suffixes:)`` from what a full sync reads of each item.
    public static func identities(for item: ItemLogin, usage: ItemUsage?, suffixes: PublicSuffixList)
        -> [CredentialIdentity]
    {
        guard item.matchMode != .never else { return [] }
        var identities: [CredentialIdentity] = []
        if !item.passkeys.isEmpty {
            let itemRank = rank(for: usage)
            identities = item.passkeys.map { passkey in
                let used = passkey.lastUsed.map { max(1, Int($0.timeIntervalSince1970.rounded(.down))) } ?? 0
                return CredentialIdentity(passkey: passkey, itemID: item.id, rank: max(itemRank, used))
            }
        }
        let hasPassword = !item.username.isEmpty || item.hasPassword
        let hasOneTimeCode = item.hasOneTimeCode
        guard hasPassword || hasOneTimeCode else { return identities }
        var scopes: [Scope] = []
        for stored in item.urls {
            let mode = item.matchMode(for: stored)
            guard mode != .never, let url = try? ServiceURL(parsing: stored.url),
                let scope = Scope(url: url, mode: mode, suffixes: suffixes), !scopes.contains(scope)
            else { continue }
            scopes.append(scope)
        }
        if scopes.count > 1 { scopes = Scope.removingCovered(scopes).sorted() }
        guard !scopes.isEmpty else { return identities }
        let user = item.username.isEmpty ? item.title : item.username
        let record = recordIdentifier(for: item.id)
        let rank = rank(for: usage)
        // Written out (no intermediate arrays): a full sync builds one of these per item of the vault.
        identities.reserveCapacity(identities.count + scopes.count * (hasPassword && hasOneTimeCode ? 2 : 1))
        for kind in [Kind.password, .oneTimeCode] where kind == .password ? hasPassword : hasOneTimeCode {
            for scope in scopes {
                identities.append(CredentialIdentity(
                    serviceIdentifier: scope.serviceIdentifier, user: user, recordIdentifier: record, rank: rank, kind: kind))
            }
        }
        return identities
    }

    /// Recent use orders suggestions: the most recently filled account comes first, as in the list request.
    public static func rank(for usage: ItemUsage?) -> Int {
        guard let usage else { return 0 }
        return max(1, Int(usage.lastUsed.timeIntervalSince1970.rounded(.down)))
    }
}

/// Where an item may be offered, before it becomes a service identifier.
struct Scope: Hashable, Comparable {
    enum Kind: Int, Comparable {
        case domain, url
        static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    var kind: Kind
    var text: String
    /// For `.url` scopes: the DNS name, when there is one that a domain scope could cover.
    var coverableHost: String?

    init?(url: ServiceURL, mode: MatchMode, suffixes: PublicSuffixList) {
        let host = url.host
        // One lookup gives both answers: a host has a site when it is longer than its public suffix, and the
        // site (registrable domain) is the public suffix plus one label.
        let site = host.kind == .domain ? suffixes.publicSuffix(of: host).flatMap { Self.site(of: host.ascii, suffix: $0) } : nil
        switch mode {
        case .never:
            return nil
        case .domain, .host:
            guard let site else {
                self.init(kind: .url, text: Self.urlText(url, includingPath: false), coverableHost: nil)
                return
            }
            self.init(kind: .domain, text: mode == .domain ? site : host.ascii, coverableHost: nil)
        case .exact:
            self.init(kind: .url, text: Self.urlText(url, includingPath: true), coverableHost: site == nil ? nil : host.ascii)
        }
    }

    /// The registrable domain of `name` given its public suffix; nil when the name is the suffix itself.
    static func site(of name: String, suffix: String) -> String? {
        let bytes = name.utf8
        guard bytes.count > suffix.utf8.count + 1 else { return nil }
        let beforeSuffix = bytes.index(bytes.endIndex, offsetBy: -(suffix.utf8.count + 1))  // the dot
        let start = bytes[..<beforeSuffix].lastIndex(of: UInt8(ascii: ".")).map(bytes.index(after:)) ?? bytes.startIndex
        return String(name[start...])
    }

    private init(kind: Kind, text: String, coverableHost: String?) {
        self.kind = kind
        self.text = text
        self.coverableHost = coverableHost
    }

    var serviceIdentifier: ServiceIdentifier {
        ServiceIdentifier(text, kind: kind == .domain ? .domain : .url)
    }

    /// `scheme://host[:port][path]`, https when the stored URL named no scheme; IPv6 in brackets.
    static func urlText(_ url: ServiceURL, includingPath: Bool) -> String {
        var text = (url.scheme ?? "https") + "://"
        text += url.host.kind == .ipv6 ? "[\(url.host.ascii)]" : url.host.ascii
        if let port = url.port { text += ":\(port)" }
        if includingPath { text += url.path }
        return text
    }

    /// Drops scopes inside another domain scope of the same item.
    static func removingCovered(_ scopes: [Scope]) -> [Scope] {
        let domains = scopes.filter { $0.kind == .domain }.map(\.text)
        func isCovered(_ name: String, strictly: Bool) -> Bool {
            domains.contains { parent in
                (!strictly && name == parent) || (name.utf8.count > parent.utf8.count + 1 && name.hasSuffix("." + parent))
            }
        }
        return scopes.filter { scope in
            switch scope.kind {
            case .domain: !isCovered(scope.text, strictly: true)
            case .url: !(scope.coverableHost.map { isCovered($0, strictly: false) } ?? false)
            }
        }
    }

    static func < (a: Scope, b: Scope) -> Bool { (a.kind, a.text) < (b.kind, b.text) }
}
