import FuzzSupport
import Foundation
import SesameAutoFill
import SesameDomains
import SesameTerminal

/// Each line is one service identifier of a login form, as the CLI reads them; the matcher turns them into the
/// sites whose logins may be offered, by the public suffix list handed to it as a value (Debian's, or
/// `$SESAME_PUBLIC_SUFFIX_LIST`, read once as the Linux shell does).
@main
enum FuzzServiceIdentifier {
    static func main() {
        let list: PublicSuffixList
        do {
            list = try PublicSuffixListFile.load(path: PublicSuffixListFile.path(environment: ProcessInfo.processInfo.environment))
        } catch {
            fatalError(error.message)
        }
        let matcher = CredentialMatcher(publicSuffixList: list)
        LibFuzzer.run { bytes in
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            _ = try? matcher.candidateDomains(for: lines.map { ServiceIdentifier(parsing: String($0)) })
        }
    }
}
