import Foundation
import SesameAutoFill

/// One equivalent-domain group on the wire, in the shape of Apple's password-manager-resources
/// `shared-credentials.json`: `{"shared": [...]}`, or `{"from": [...], "to": [...], "fromDomainsAreObsoleted": b}`.
struct WireEquivalentGroup: Codable, Sendable, Equatable {
    var group: EquivalentGroup

    enum CodingKeys: String, CodingKey {
        case shared = "shared", from = "from", to = "to", fromDomainsAreObsoleted = "fromDomainsAreObsoleted"
    }

    init(_ group: EquivalentGroup) {
        self.group = group
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let shared = try container.decodeIfPresent([String].self, forKey: .shared) {
            group = .shared(shared)
            return
        }
        guard container.contains(.from) || container.contains(.to) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "An entry needs 'shared', or 'from' and 'to'."))
        }
        group = .oneWay(
            from: try container.decode([String].self, forKey: .from),
            to: try container.decode([String].self, forKey: .to),
            fromObsolete: try container.decodeIfPresent(Bool.self, forKey: .fromDomainsAreObsoleted) ?? false)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch group {
        case .shared(let domains):
            try container.encode(domains, forKey: .shared)
        case .oneWay(let from, let to, let obsolete):
            try container.encode(from, forKey: .from)
            try container.encode(to, forKey: .to)
            try container.encode(obsolete, forKey: .fromDomainsAreObsoleted)
        }
    }
}
