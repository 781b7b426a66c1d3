import FuzzSupport
import SesameDomains

/// Any bytes as a URL a person typed or a form named. Parsing must not crash, and what parses is stable: the
/// canonical host parses again to itself.
@main
enum FuzzServiceURL {
    static func main() {
        LibFuzzer.run { bytes in
            guard let url = try? ServiceURL(parsing: String(decoding: bytes, as: UTF8.self)) else { return }
            precondition((try? Host(parsing: url.host.ascii)) == url.host, "canonical host does not parse to itself")
        }
    }
}
