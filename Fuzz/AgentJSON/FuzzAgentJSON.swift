import FuzzSupport
import SesameAgentLink

/// Any bytes as an agent reply read by the Foundation-free client (the `sesame` front): whatever parses must write
/// back to bytes that parse to the same value, compact and pretty.
@main
enum FuzzAgentJSON {
    static func main() {
        LibFuzzer.run { bytes in
            guard let value = AgentJSON(parsing: Array(bytes)) else { return }
            precondition(AgentJSON(parsing: value.bytes) == value, "the compact form does not read back")
            precondition(AgentJSON(parsing: value.prettyBytes) == value, "the pretty form does not read back")
        }
    }
}
