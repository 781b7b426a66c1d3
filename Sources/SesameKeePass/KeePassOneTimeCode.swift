import Foundation

/// Reads the four ways KeePass apps store a TOTP secret and turns them into an `otpauth://` URI; writes KeePassXC's
/// form (`otp` holding the URI), which KeePassXC, KeePassium and Keepass2Android all read.
enum KeePassOneTimeCode {
    /// The URI and the names of the strings it came from (so they are not also kept as custom fields).
    static func read(strings: [String: String], title: String) -> (uri: String, consumed: Set<String>)? {
        if let otp = strings["otp"]?.trimmingCharacters(in: .whitespacesAndNewlines), !otp.isEmpty {
            if otp.lowercased().hasPrefix("otpauth://") { return (otp, ["otp"]) }
            // KeeOtp: key=BASE32&step=30&size=6&otpHashMode=SHA256
            let query = URLComponents(string: "x:?" + otp)?.queryItems ?? []
            func value(_ name: String) -> String? { query.first { $0.name == name }?.value }
            if let key = value("key") {
                return (uri(title: title, secret: key, period: value("step"), digits: value("size"),
                            algorithm: value("otpHashMode")), ["otp"])
            }
        }
        if let seed = strings["TOTP Seed"], !seed.isEmpty {
            // KeeTrayTOTP: "30;6", or "30;S" for Steam's five-character codes.
            let settings = (strings["TOTP Settings"] ?? "").split(separator: ";").map(String.init)
            let period = settings.first
            let size = settings.count > 1 ? settings[1] : nil
            let steam = size == "S"
            return (uri(title: title, secret: seed, period: period, digits: steam ? "5" : size, algorithm: nil,
                        steam: steam), ["TOTP Seed", "TOTP Settings"])
        }
        if let secret = strings["TimeOtp-Secret-Base32"], !secret.isEmpty {
            let algorithm = strings["TimeOtp-Algorithm"].map { $0.replacingOccurrences(of: "HMAC-", with: "").replacingOccurrences(of: "-", with: "") }
            return (uri(title: title, secret: secret, period: strings["TimeOtp-Period"], digits: strings["TimeOtp-Length"],
                        algorithm: algorithm),
                    ["TimeOtp-Secret-Base32", "TimeOtp-Period", "TimeOtp-Length", "TimeOtp-Algorithm"])
        }
        return nil
    }

    private static func uri(title: String, secret: String, period: String?, digits: String?, algorithm: String?,
                            steam: Bool = false) -> String {
        var components = URLComponents()
        components.scheme = "otpauth"
        components.host = "totp"
        components.path = "/" + (title.isEmpty ? "KeePass" : title)
        var query = [URLQueryItem(name: "secret", value: secret.replacingOccurrences(of: " ", with: "").uppercased())]
        if let period, Int(period) != nil { query.append(URLQueryItem(name: "period", value: period)) }
        if let digits, Int(digits) != nil { query.append(URLQueryItem(name: "digits", value: digits)) }
        if let algorithm, ["SHA1", "SHA256", "SHA512"].contains(algorithm.uppercased()) {
            query.append(URLQueryItem(name: "algorithm", value: algorithm.uppercased()))
        }
        if steam { query.append(URLQueryItem(name: "encoder", value: "steam")) }
        components.queryItems = query
        return components.string ?? "otpauth://totp/KeePass?secret=\(secret)"
    }
}
