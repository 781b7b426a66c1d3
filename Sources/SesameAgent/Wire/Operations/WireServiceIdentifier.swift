import Foundation
import SesameAgentLink
import SesameAutoFill

/// A login form's service identifier on the wire (`match`, `fill`): a URL or a domain.
struct WireServiceIdentifier: Codable, Sendable, Equatable {
    var identifier: String
    /// `url` or `domain`.
    var kind: String

    enum CodingKeys: String, CodingKey {
        case identifier = "identifier", kind = "kind"
    }

    init(_ identifier: ServiceIdentifier) {
        self.identifier = identifier.identifier
        kind = identifier.kind.rawValue
    }

    func serviceIdentifier() throws(ServiceFailure) -> ServiceIdentifier {
        guard let kind = ServiceIdentifier.Kind(rawValue: kind) else {
            throw ServiceFailure(.protocolError, "Unknown kind of service identifier '\(kind.prefix(64))'.")
        }
        return ServiceIdentifier(identifier, kind: kind)
    }

    /// The form's identifiers, in order.
    static func identifiers(_ wire: [WireServiceIdentifier]) throws(ServiceFailure) -> [ServiceIdentifier] {
        var identifiers: [ServiceIdentifier] = []
        identifiers.reserveCapacity(wire.count)
        for identifier in wire { identifiers.append(try identifier.serviceIdentifier()) }
        return identifiers
    }

    /// The identifiers from a request's `identifiers` array, read without the decoder (``FastReadableRequest``);
    /// nil for anything the decoder would not read as exactly these.
    static func fast(_ value: AgentJSON?) -> [WireServiceIdentifier]? {
        guard case .array(let elements)? = value else { return nil }
        var identifiers: [WireServiceIdentifier] = []
        for element in elements {
            guard case .object(let parts) = element, parts.count == 2, let text = parts["identifier"]?.string,
                let kind = parts["kind"]?.string
            else { return nil }
            identifiers.append(WireServiceIdentifier(identifier: text, kind: kind))
        }
        return identifiers
    }

    init(identifier: String, kind: String) {
        self.identifier = identifier
        self.kind = kind
    }
}
