import Foundation
import SesameAutoFill

/// The hello and the requests of every `fill`, git `get` and read command, read without Foundation's JSON decoder,
/// and the hello reply written without its encoder: on such a request those coders cost the agent about as much as
/// the lookup itself. A request with any other field returns nil and goes through `WireCoding`, which reads it the
/// same way (`WireFastCodingTests`).
enum WireFastCoding {
    /// The fields a request may have to be read here.
    private static let plainFields: Set<String> = [
        "type", "id", "versions", "client", "vault", "state", "states", "reference", "itemID", "identifiers",
        "username", "rowsPerFrame", "query",
    ]

    static func request(_ bytes: [UInt8]) -> WireRequest? {
        guard case .object(let fields) = AgentJSON(parsing: bytes), let type = fields["type"]?.string,
            fields.keys.allSatisfy(plainFields.contains)
        else { return nil }
        var request = WireRequest(.hello)
        request.type = type
        for (key, value) in fields where value != .null {
            switch key {
            case "type": break
            case "id": guard let id = unsigned(value) else { return nil }; request.id = id
            case "versions":
                guard case .array(let versions) = value else { return nil }
                request.versions = []
                for version in versions {
                    guard let number = version.int else { return nil }
                    request.versions?.append(number)
                }
            case "client": guard let text = value.string else { return nil }; request.client = text
            case "vault": guard let text = value.string else { return nil }; request.vault = text
            case "state": guard let text = value.string else { return nil }; request.state = text
            case "states": guard let texts = strings(value) else { return nil }; request.states = texts
            case "reference": guard let text = value.string else { return nil }; request.reference = text
            case "identifiers":
                guard case .array(let identifiers) = value else { return nil }
                request.identifiers = []
                for identifier in identifiers {
                    guard case .object(let parts) = identifier, parts.count == 2, let text = parts["identifier"]?.string,
                        let kind = parts["kind"]?.string.flatMap(ServiceIdentifier.Kind.init(rawValue:))
                    else { return nil }
                    request.identifiers?.append(ServiceIdentifier(text, kind: kind))
                }
            case "username": guard let text = value.string else { return nil }; request.username = text
            case "rowsPerFrame": guard let rows = value.int else { return nil }; request.rowsPerFrame = rows
            case "itemID", "query":
                // Fields of operations with a type of their own, which read them themselves, also without the
                // decoder (`FastReadableRequest`).
                break
            default: return nil
            }
        }
        return request
    }

    /// The bytes of a hello reply (``WireReply/hello(version:agent:pid:)``, which sets nothing else).
    static func hello(version: Int, agent: String, pid: Int32) -> [UInt8] {
        AgentJSON.object([
            "type": .string("hello"), "id": .number("0"), "version": .number(String(version)), "agent": .string(agent),
            "pid": .number(String(pid)),
        ]).bytes
    }

    private static func unsigned(_ value: AgentJSON) -> UInt64? {
        guard case .number(let text) = value else { return nil }
        return UInt64(text)
    }

    private static func strings(_ value: AgentJSON) -> [String]? {
        guard case .array(let elements) = value else { return nil }
        let texts = elements.compactMap(\.string)
        return texts.count == elements.count ? texts : nil
    }
}
