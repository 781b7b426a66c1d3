import FuzzSupport
import SesameDomains

/// The bytes before the first NUL are a public suffix list, each line after it a host to look up. Parsing and
/// lookups must not crash; a host's public suffix ends its registrable domain, which ends the host.
@main
enum FuzzPublicSuffixList {
    static func main() {
        LibFuzzer.run { bytes in
            let split = bytes.firstIndex(of: 0) ?? bytes.count
            let list = PublicSuffixList(parsing: String(decoding: bytes[..<split], as: UTF8.self))
            let queries = String(decoding: bytes[min(split + 1, bytes.count)...], as: UTF8.self)
            for line in queries.split(separator: "\n") {
                guard let host = try? Host(parsing: String(line)) else { continue }
                let site = list.registrableDomain(of: host)
                precondition(host.ascii.hasSuffix(site), "registrable domain is not a suffix of the host")
                if let suffix = list.publicSuffix(of: host) {
                    precondition(site.hasSuffix(suffix), "public suffix is not a suffix of the registrable domain")
                }
            }
        }
    }
}
