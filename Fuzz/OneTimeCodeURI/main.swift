import Foundation
import FuzzSupport
@testable import SesameAutoFill

/// Any bytes as a one-time code setting (an `otpauth://` URI from a QR code, or a base32 secret). Parsing must not
/// crash; what parses writes back to a URI that parses to the same settings, and gives a code of its digits.
@main
enum FuzzOneTimeCodeURI {
    static func main() {
        LibFuzzer.run { bytes in
            guard let settings = try? OneTimeCodeSettings(parsing: String(decoding: bytes, as: UTF8.self)) else { return }
            precondition((try? OneTimeCodeSettings(parsing: settings.uri)) == settings, "the written URI reads back differently")
            let code = OneTimeCode(settings, at: Date(timeIntervalSince1970: 1_234_567_890))
            precondition(code.code.count == settings.digits && code.code.allSatisfy(\.isNumber), "malformed code")
            precondition((1...settings.period).contains(code.remaining), "remaining out of range")
        }
    }
}
