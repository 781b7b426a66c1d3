import Foundation

/// A browser's association request waiting for the user, as `browserPending` lists it. The wire's own names, so
/// the agent's `BrowserPairingRequest` can change without changing protocol v2.
struct WireBrowserPairingRequest: Codable, Sendable, Equatable {
    var code: String
    var fingerprint: String
    var origin: String
    var requested: Date

    enum CodingKeys: String, CodingKey {
        case code = "code", fingerprint = "fingerprint", origin = "origin", requested = "requested"
    }

    init(_ request: BrowserPairingRequest) {
        code = request.code
        fingerprint = request.fingerprint
        origin = request.origin
        requested = request.requested
    }

    var pairingRequest: BrowserPairingRequest {
        BrowserPairingRequest(code: code, fingerprint: fingerprint, origin: origin, requested: requested)
    }
}
