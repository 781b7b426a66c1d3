import FuzzSupport
import SesameAutoFill

/// Each line is one service identifier of a login form, as the CLI reads them; the matcher turns them into the
/// sites whose logins may be offered (by Debian's public suffix list).
@main
enum FuzzServiceIdentifier {
    static func main() {
        LibFuzzer.run { bytes in
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            _ = try? CredentialMatcher().candidateDomains(for: lines.map { ServiceIdentifier(parsing: String($0)) })
        }
    }
}
