import Foundation
import SesameAgentLink
import SesameAutoFill

/// The hello and the head (`type`, `id`, `vault`) of every request of the hot paths (`fill`, git's `get`, the read
/// commands) read without Foundation's JSON decoder, and the hello reply written without its encoder: on such a
/// request those coders cost the agent about as much as the lookup itself. The operation then reads its own
/// fields, also without the decoder (`FastReadableRequest`). A request with any other field returns nil and goes
/// through `WireCoding`, which reads it the same way (`WireFastCodingTests`).
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
        var request = WireRequest(type: type)
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
            default:
                // The fields of an operation with a type of its own, which reads them itself.
                break
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
}
