/// What a login form or a stored item names: a URL with an authority ("https://m.example.co.uk/login",
/// "android://…@com.example.app"), or a bare host with an optional port and path ("example.com:8443").
///
/// Parsing keeps what matching needs and drops the rest: the query, the fragment and any password
/// in the user info are never stored.
public struct ServiceURL: Hashable, Sendable {
    /// The scheme in lowercase, or nil for a bare host.
    public let scheme: String?
    public let host: Host
    /// The explicit port, if any. A port equal to the scheme's default is stored as nil, so
    /// "https://example.com:443" and "https://example.com" are equal.
    public let port: Int?
    /// "" for the root or no path, else "/…" without query and fragment. Characters a browser
    /// would percent-encode (spaces, controls, non-ASCII) are percent-encoded.
    public let path: String
    /// The user name of the user info, percent-decoded; nil when absent or empty.
    public let user: String?

    /// The explicit port, else the scheme's default port, else nil.
    public var effectivePort: Int? {
        port ?? scheme.flatMap { Self.defaultPorts[$0] }
    }

    /// Default ports of the schemes a login can be for; a scheme not listed has no default.
    static let defaultPorts: [String: Int] = [
        "http": 80, "https": 443, "ws": 80, "wss": 443, "ftp": 21, "ftps": 990, "sftp": 22, "ssh": 22,
        "telnet": 23, "smtp": 25, "submission": 587, "imap": 143, "imaps": 993, "pop3": 110, "pop3s": 995,
        "ldap": 389, "ldaps": 636, "git": 9418, "rdp": 3389, "vnc": 5900, "smb": 445, "mysql": 3306,
        "postgres": 5432, "postgresql": 5432, "redis": 6379, "xmpp": 5222,
    ]

    /// Reads a URL or a bare host.
    ///
    /// Surrounding whitespace is ignored. A scheme is recognised only when followed by "://";
    /// anything else is read as `[user@]host[:port][/path][?query][#fragment]`. IPv6 hosts need
    /// brackets when a scheme or a port is present ("http://[::1]:8080/").
    ///
    /// - Throws: ``DomainError/invalidURL(_:)``, with any password redacted from the text.
    public init(parsing text: String) throws(DomainError) {
        let trimmed = Self.trimmingWhitespace(text[...])
        // Built only on failure: redacting costs more than a successful parse.
        func fail() -> DomainError { .invalidURL(Self.redactingPassword(String(trimmed))) }
        guard !trimmed.isEmpty else { throw fail() }

        var rest = trimmed
        var scheme: String?
        if let separator = Self.schemeSeparator(in: rest), Self.isScheme(rest[..<separator]) {
            scheme = rest[..<separator].lowercased()
            rest = rest[rest.utf8.index(separator, offsetBy: 3)...]
        } else if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)  // scheme-relative: "//example.com/path"
        }

        // Delimiters are searched byte by byte: they are ASCII, and a combining mark after one
        // must not hide it inside a Character.
        let authorityEnd = Self.authorityEnd(in: rest)
        var hostAndPort = rest[..<authorityEnd]
        let afterAuthority = rest[authorityEnd...]
        let pathEnd = afterAuthority.utf8.firstIndex { $0 == Self.question || $0 == Self.hash } ?? afterAuthority.endIndex

        var user: String?
        if let at = hostAndPort.utf8.lastIndex(of: UInt8(ascii: "@")) {
            let userInfo = hostAndPort[..<at]
            let name = userInfo.utf8.firstIndex(of: Self.colon).map { userInfo[..<$0] } ?? userInfo
            guard !name.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 }) else {
                throw fail()
            }
            user = name.isEmpty ? nil : Self.percentDecoded(name)
            hostAndPort = hostAndPort[hostAndPort.utf8.index(after: at)...]
        }

        var hostText = hostAndPort
        var portText: Substring = ""
        if hostAndPort.utf8.first == UInt8(ascii: "[") {
            guard let close = hostAndPort.utf8.firstIndex(of: UInt8(ascii: "]")) else { throw fail() }
            let afterClose = hostAndPort.utf8.index(after: close)
            hostText = hostAndPort[..<afterClose]
            let after = hostAndPort[afterClose...]
            if !after.isEmpty {
                guard after.utf8.first == Self.colon else { throw fail() }
                portText = after[after.utf8.index(after: after.startIndex)...]
            }
        } else if let colon = hostAndPort.utf8.firstIndex(of: Self.colon) {
            let afterColon = hostAndPort.utf8.index(after: colon)
            if hostAndPort[afterColon...].utf8.contains(Self.colon) {
                // Several colons: only a bare IPv6 address without port makes sense.
                guard scheme == nil else { throw fail() }
            } else {
                hostText = hostAndPort[..<colon]
                portText = hostAndPort[afterColon...]
            }
        }

        let host: Host
        do { host = try Host(parsing: hostText) } catch { throw fail() }
        var port: Int?
        if !portText.isEmpty {
            guard let value = Self.port(portText) else { throw fail() }
            port = value
        }
        if let scheme, let explicit = port, Self.defaultPorts[scheme] == explicit { port = nil }

        self.scheme = scheme
        self.host = host
        self.port = port
        self.user = user
        self.path = Self.normalizedPath(afterAuthority[..<pathEnd])
    }

    /// Reads a location as a program outside a browser names it (git's credential protocol, the Secret
    /// Service): a plain scheme and an authority that is only a host, or an IPv6 literal in brackets,
    /// with an optional port from 1 to 65535.
    ///
    /// Nothing else is accepted: no user info, path, query or fragment, no bare IPv6 address, no
    /// "://" inside the scheme. A program hands these pieces over already split, so any delimiter
    /// left in them is an attempt to make one site's credential answer for another
    /// ("evil.example@a.example", "a.example#.evil.example").
    ///
    /// - Throws: ``DomainError/invalidURL(_:)``.
    public init(scheme: String, authority: String) throws(DomainError) {
        func fail() -> DomainError { .invalidURL(Self.redactingPassword("\(scheme)://\(authority)")) }
        guard Self.isScheme(scheme[...]) else { throw fail() }
        var hostText = authority[...]
        var portText: Substring?
        if authority.utf8.first == UInt8(ascii: "[") {
            guard let close = authority.utf8.firstIndex(of: UInt8(ascii: "]")) else { throw fail() }
            let afterClose = authority.utf8.index(after: close)
            hostText = authority[..<afterClose]
            let after = authority[afterClose...]
            if !after.isEmpty {
                guard after.utf8.first == Self.colon else { throw fail() }
                portText = after.dropFirst()
            }
        } else if let colon = authority.utf8.firstIndex(of: Self.colon) {
            hostText = authority[..<colon]
            portText = authority[authority.utf8.index(after: colon)...]
        }
        // Host accepts a bare IPv6 address; here only the bracketed form is a host.
        guard !hostText.isEmpty, hostText.utf8.first == UInt8(ascii: "[") || !hostText.utf8.contains(Self.colon)
        else { throw fail() }
        let host: Host
        do { host = try Host(parsing: hostText) } catch { throw fail() }
        var port: Int?
        if let portText {
            guard !portText.isEmpty, let value = Self.port(portText) else { throw fail() }
            port = value
        }
        self.scheme = scheme.lowercased()
        self.host = host
        self.port = port.flatMap { Self.defaultPorts[scheme.lowercased()] == $0 ? nil : $0 }
        self.user = nil
        self.path = ""
    }

    // MARK: - Pieces

    private static let colon = UInt8(ascii: ":")
    private static let slash = UInt8(ascii: "/")
    private static let question = UInt8(ascii: "?")
    private static let hash = UInt8(ascii: "#")

    /// Where the first "://" starts, if anywhere.
    private static func schemeSeparator(in text: Substring) -> String.Index? {
        let bytes = text.utf8
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == colon, bytes[index...].starts(with: "://".utf8) { return index }
            index = bytes.index(after: index)
        }
        return nil
    }

    private static func authorityEnd(in text: Substring) -> String.Index {
        text.utf8.firstIndex { $0 == slash || $0 == question || $0 == hash } ?? text.endIndex
    }

    /// RFC 3986: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, Self.isLetter(first) else { return false }
        return text.utf8.allSatisfy { byte in
            Self.isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    /// Decimal digits only, 1...65535; leading zeros allowed as browsers allow them. Port 0 is
    /// refused: no service listens there, so a URL naming it is a mistake.
    private static func port(_ text: Substring) -> Int? {
        var value = 0
        for byte in text.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            guard value <= 65535 else { return nil }
        }
        return value == 0 ? nil : value
    }

    /// "" for the root, so "https://a.com" and "https://a.com/" are the same URL; bytes outside
    /// printable ASCII and the characters browsers escape in paths become %XX.
    private static func normalizedPath(_ path: Substring) -> String {
        guard path.utf8.count > 1 else { return "" }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in path.utf8 {
            switch byte {
            case 0x21...0x7E where byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "<")
                && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "`"):
                bytes.append(byte)
            default:
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// %XX sequences decoded as UTF-8; a "%" not followed by two hex digits stays as it is.
    private static func percentDecoded(_ text: Substring) -> String {
        let input = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            if input[index] == UInt8(ascii: "%"), index + 2 < input.count,
               let high = hexValue(input[index + 1]), let low = hexValue(input[index + 2]) {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(input[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func trimmingWhitespace(_ text: Substring) -> Substring {
        // The common case without looking at Characters (Unicode properties cost most of a parse): text that starts
        // and ends with a printable ASCII byte has nothing to trim, since such a byte is a Character of its own or
        // ends one whose first scalar decides, which is not a space either.
        let printable = UInt8(0x21)...UInt8(0x7E)
        if let first = text.utf8.first, let last = text.utf8.last, printable.contains(first), printable.contains(last) {
            return text
        }
        let isSpace: (Character) -> Bool = { $0.isWhitespace || ($0.asciiValue.map { $0 < 0x20 } ?? false) }
        guard let first = text.firstIndex(where: { !isSpace($0) }),
              let last = text.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return text[first...last]
    }

    /// Refuses a URL that carries a password in its user info (`https://u:pw@example.com/`), even an empty
    /// one: whatever enters the vault as a URL is printed by `list`, `match` and `show`, so it must hold no
    /// secret. A user name alone (`ssh://git@host`, `android://hash@app`) is fine.
    ///
    /// - Throws: ``DomainError/passwordInURL(_:)``, with the password redacted.
    public static func refusePassword(in text: String) throws(DomainError) {
        guard passwordColon(in: text) != nil else { return }
        throw .passwordInURL(redactingPassword(text))
    }

    /// The text with the password of its user info replaced, so that errors never carry one.
    static func redactingPassword(_ text: String) -> String {
        guard let (colon, at) = passwordColon(in: text) else { return text }
        return String(text[...colon]) + "***" + String(text[at...])
    }

    /// Where the user info's password starts (its ":") and ends (the "@"), if the authority has one.
    private static func passwordColon(in text: String) -> (String.Index, String.Index)? {
        // The authority as the parser finds it: after "scheme://", after a leading "//", or from the start.
        let trimmed = trimmingWhitespace(text[...])
        var start = schemeSeparator(in: trimmed).map { text.utf8.index($0, offsetBy: 3) } ?? trimmed.startIndex
        if start == trimmed.startIndex, trimmed.hasPrefix("//") { start = text.utf8.index(start, offsetBy: 2) }
        let end = authorityEnd(in: text[start...])
        guard let at = text[start..<end].utf8.lastIndex(of: UInt8(ascii: "@")),
              let colon = text[start..<at].utf8.firstIndex(of: colon)
        else { return nil }
        return (colon, at)
    }
}
