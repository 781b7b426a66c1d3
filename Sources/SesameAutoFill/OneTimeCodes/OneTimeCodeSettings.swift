import Foundation
import SesameCrypto

/// A TOTP generator's settings (RFC 6238), as an `otpauth://totp/LABEL?secret=…&issuer=…&algorithm=…&digits=…&period=…`
/// URI carries them (Google Authenticator's key URI format), or from a bare base32 secret with the usual defaults.
public struct OneTimeCodeSettings: Sendable, Equatable {
    public static let digitsRange = 6...8
    public static let periodRange = 1...3600

    public var secret: [UInt8]
    public var algorithm: HMAC.Algorithm
    public var digits: Int
    public var period: Int
    public var issuer: String?
    public var account: String?

    public init(secret: [UInt8], algorithm: HMAC.Algorithm = .sha1, digits: Int = 6, period: Int = 30,
                issuer: String? = nil, account: String? = nil) {
        self.secret = secret
        self.algorithm = algorithm
        self.digits = digits
        self.period = period
        self.issuer = issuer
        self.account = account
    }

    /// Reads an `otpauth://totp/` URI or a base32 secret. Errors never quote the input: it holds the secret.
    public init(parsing text: String) throws(ServiceFailure) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.lowercased().hasPrefix("otpauth:") else {
            guard let secret = Base32.decode(trimmed), !secret.isEmpty else {
                throw Self.invalid("it is neither an otpauth:// URI nor a base32 secret")
            }
            self.init(secret: secret)
            return
        }
        guard let components = URLComponents(string: trimmed), components.scheme?.lowercased() == "otpauth" else {
            throw Self.invalid("it is not a well-formed URI")
        }
        switch components.host?.lowercased() {
        case "totp": break
        case "hotp": throw Self.invalid("counter-based (HOTP) codes are not supported, only time-based (TOTP) ones")
        default: throw Self.invalid("the URI must start with otpauth://totp/")
        }
        var parameters: [String: String] = [:]
        for item in components.queryItems ?? [] {
            let name = item.name.lowercased()
            guard parameters[name] == nil else { throw Self.invalid("the parameter '\(name)' appears twice") }
            parameters[name] = item.value ?? ""
        }
        guard let encoded = parameters["secret"], !encoded.isEmpty else { throw Self.invalid("the URI has no secret") }
        guard let secret = Base32.decode(encoded), !secret.isEmpty else { throw Self.invalid("the secret is not base32") }
        var settings = OneTimeCodeSettings(secret: secret)
        if let name = parameters["algorithm"] {
            guard let algorithm = HMAC.Algorithm(rawValue: name.uppercased()) else {
                throw Self.invalid("the algorithm must be SHA1, SHA256 or SHA512")
            }
            settings.algorithm = algorithm
        }
        if let text = parameters["digits"] {
            guard let digits = Int(text), Self.digitsRange.contains(digits) else {
                throw Self.invalid("the number of digits must be 6, 7 or 8")
            }
            settings.digits = digits
        }
        if let text = parameters["period"] {
            guard let period = Int(text), Self.periodRange.contains(period) else {
                throw Self.invalid("the period must be between 1 and 3600 seconds")
            }
            settings.period = period
        }
        // The label is `issuer:account` or `account`; an `issuer` parameter wins over the label's prefix.
        let label = String(components.path.drop { $0 == "/" })
        if let colon = label.firstIndex(of: ":") {
            settings.issuer = Self.nonEmpty(String(label[..<colon]).trimmingCharacters(in: .whitespaces))
            settings.account = Self.nonEmpty(String(label[label.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        } else {
            settings.account = Self.nonEmpty(label.trimmingCharacters(in: .whitespaces))
        }
        if let issuer = parameters["issuer"], !issuer.isEmpty { settings.issuer = issuer }
        self = settings
    }

    /// The settings as a URI, so a bare secret is stored in the same form as a scanned one.
    public var uri: String {
        var components = URLComponents()
        components.scheme = "otpauth"
        components.host = "totp"
        // `prefix:account` even without an issuer in the label, so an account holding `:` reads back whole; the
        // issuer travels in its parameter, which wins on reading.
        let prefix = issuer.flatMap { $0.contains(":") ? nil : $0 } ?? ""
        components.path = "/" + (account.map { prefix + ":" + $0 } ?? "")
        components.queryItems = [URLQueryItem(name: "secret", value: Base32.encode(secret))]
            + (issuer.map { [URLQueryItem(name: "issuer", value: $0)] } ?? [])
            + [URLQueryItem(name: "algorithm", value: algorithm.rawValue), URLQueryItem(name: "digits", value: String(digits)),
               URLQueryItem(name: "period", value: String(period))]
        return components.string ?? ""
    }

    private static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }

    private static func invalid(_ reason: String) -> ServiceFailure {
        ServiceFailure(.invalidInput, "The one-time code setting is not valid: \(reason).")
    }
}
