import FuzzSupport
import SesameDomains

/// Any bytes as a host name or IP literal. Parsing must not crash, and the canonical ASCII form (what the matcher
/// compares) parses again to the same host.
@main
enum FuzzHost {
    static func main() {
        LibFuzzer.run { bytes in
            guard let host = try? Host(parsing: String(decoding: bytes, as: UTF8.self)) else { return }
            precondition((try? Host(parsing: host.ascii)) == host, "canonical host does not parse to itself")
            _ = host.unicode
        }
    }
}
