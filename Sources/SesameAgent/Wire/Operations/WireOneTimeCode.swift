import Foundation
import SesameAutoFill

/// A one-time code on the wire, and the whole seconds it stays valid: derived from an item's secret, and a
/// secret itself for as long as it is valid.
struct WireOneTimeCode: Codable, Sendable, Equatable, CarriesSecrets {
    var code: String
    var remaining: Int

    enum CodingKeys: String, CodingKey {
        case code = "code", remaining = "remaining"
    }

    init(_ code: OneTimeCode) {
        self.code = code.code
        remaining = code.remaining
    }

    var oneTimeCode: OneTimeCode { OneTimeCode(code: code, remaining: remaining) }
}
