import Foundation
import SesameAutoFill
import SesameCrypto
import SesameStore

/// A browser's association request waiting for the user, as `sesame browser pending` shows it.
public struct BrowserPairingRequest: Codable, Sendable, Equatable {
    /// What the user types to answer (`sesame browser allow CODE --name NAME`).
    public var code: String
    /// The first bytes of a digest of the extension's key, to tell two requests apart.
    public var fingerprint: String
    /// The browser's own word for who asks: an extension id or origin, as the browser passed it to the host.
    public var origin: String
    public var requested: Date

    public init(code: String, fingerprint: String, origin: String, requested: Date) {
        self.code = code
        self.fingerprint = fingerprint
        self.origin = origin
        self.requested = requested
    }

    enum CodingKeys: String, CodingKey {
        case code = "code", fingerprint = "fingerprint", origin = "origin", requested = "requested"
    }
}

/// The association requests the agent holds (KeePassXC asks in a dialog; Sesame has no window, so the request
/// waits until `sesame browser allow` or `deny` answers it on another connection, or it expires).
///
/// Any process of the user can start the host and ask, so waiting is cheap to end: each requester (a host
/// process, by the pid of its agent connection) has one request waiting at most, a newer one replacing it; when
/// all places are taken the oldest request gives way to the new one; and a request whose requester went away is
/// withdrawn within a second. Requests nobody wants any more never keep a browser from asking.
final class BrowserPairing: @unchecked Sendable {
    // @unchecked: `waiting` is guarded by `condition`.
    enum Outcome: Equatable {
        case allowed(BrowserAssociation)
        case denied
        case expired
        /// Replaced by a newer request of the same requester, pushed out by newer requests, or its requester left.
        case withdrawn
    }

    /// How long a request waits for the user.
    static let patience: TimeInterval = 300
    /// Requests waiting at once; a new one beyond pushes out the oldest.
    static let capacity = 8
    /// How often a waiting request checks that its requester is still there.
    static let presenceInterval: TimeInterval = 0.5
    /// Codes avoid letters and digits people confuse.
    static let codeAlphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")

    private struct Waiting {
        var request: BrowserPairingRequest
        var key: String
        var requester: Int32
        /// Arrival order (times can tie).
        var order: Int
        var outcome: Outcome?
    }

    private let condition = NSCondition()
    private var waiting: [String: Waiting] = [:]
    private var arrivals = 0

    /// Registers a request for `key` from `requester` (a process id) and returns it with its code. The
    /// requester's earlier request, and the oldest request when all places are taken, are withdrawn.
    func open(key: String, origin: String, requester: Int32) -> BrowserPairingRequest {
        condition.lock()
        defer { condition.unlock() }
        var open = waiting.filter { $0.value.outcome == nil }
        for (code, entry) in open where entry.requester == requester {
            waiting[code]?.outcome = .withdrawn
            open[code] = nil
        }
        if open.count >= Self.capacity, let oldest = open.min(by: { $0.value.order < $1.value.order }) {
            waiting[oldest.key]?.outcome = .withdrawn
        }
        condition.broadcast()
        var code: String
        repeat {
            code = String((0..<6).map { _ in Self.codeAlphabet[Int(SecureRandom.uniform(below: UInt32(Self.codeAlphabet.count)))] })
        } while waiting[code] != nil
        let digest = Digest.blake2b(Data(base64Encoded: key).map(Array.init) ?? Array(key.utf8), length: 8)
        let fingerprint = digest.map { String(format: "%02x", $0) }.joined(separator: ":")
        let printableOrigin = String(origin.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f }.prefix(200))
        let request = BrowserPairingRequest(code: code, fingerprint: fingerprint, origin: printableOrigin, requested: Date())
        arrivals += 1
        waiting[code] = Waiting(request: request, key: key, requester: requester, order: arrivals)
        return request
    }

    /// Blocks until the request is answered, withdrawn, its requester is gone (`requesterLeft`, asked every
    /// ``presenceInterval``) or it has waited `patience`; it is gone afterwards.
    func wait(for code: String, patience: TimeInterval = BrowserPairing.patience,
              requesterLeft: () -> Bool = { false }) -> Outcome {
        let deadline = Date(timeIntervalSinceNow: patience)
        condition.lock()
        defer { condition.unlock() }
        while waiting[code]?.outcome == nil, Date() < deadline {
            _ = condition.wait(until: min(deadline, Date(timeIntervalSinceNow: Self.presenceInterval)))
            if waiting[code]?.outcome == nil, requesterLeft() { waiting[code]?.outcome = .withdrawn }
        }
        let outcome = waiting.removeValue(forKey: code)?.outcome
        return outcome ?? .expired
    }

    func pending() -> [BrowserPairingRequest] {
        condition.lock()
        defer { condition.unlock() }
        return waiting.values.filter { $0.outcome == nil }.sorted { $0.order < $1.order }.map(\.request)
    }

    /// The key of a request still waiting.
    func key(for code: String) throws(ServiceFailure) -> String {
        condition.lock()
        defer { condition.unlock() }
        guard let entry = waiting[code.uppercased()], entry.outcome == nil else {
            throw ServiceFailure(.notFound, "No association request is waiting with the code '\(code)'.")
        }
        return entry.key
    }

    /// Answers a waiting request; false when it is no longer waiting (expired or withdrawn meanwhile).
    @discardableResult
    func answer(_ code: String, _ outcome: Outcome) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard waiting[code.uppercased()]?.outcome == nil, waiting[code.uppercased()] != nil else { return false }
        waiting[code.uppercased()]?.outcome = outcome
        condition.broadcast()
        return true
    }
}
