import Foundation
import SesameCrypto

/// A TOTP code (RFC 6238) and how long it stays valid.
public struct OneTimeCode: Codable, Sendable, Equatable {
    public var code: String
    /// Whole seconds until the next code, 1 through the period.
    public var remaining: Int

    public init(code: String, remaining: Int) {
        self.code = code
        self.remaining = remaining
    }

    /// The code at `date`: HMAC of the big-endian count of periods since 1970, truncated as RFC 4226 §5.3 says.
    public init(_ settings: OneTimeCodeSettings, at date: Date) {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let counter = UInt64(max(seconds, 0)) / UInt64(settings.period)
        let message = (0..<8).map { UInt8(truncatingIfNeeded: counter >> (56 - 8 * UInt64($0))) }
        var mac = HMAC.authenticationCode(settings.algorithm, key: settings.secret, message: message)
        defer { zeroize(&mac) }
        let offset = Int(mac[mac.count - 1] & 0x0F)
        let binary = (UInt32(mac[offset] & 0x7F) << 24) | (UInt32(mac[offset + 1]) << 16)
            | (UInt32(mac[offset + 2]) << 8) | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<settings.digits { modulus *= 10 }
        let digits = String(binary % modulus)
        code = String(repeating: "0", count: settings.digits - digits.count) + digits
        remaining = settings.period - Int(UInt64(max(seconds, 0)) % UInt64(settings.period))
    }
}
