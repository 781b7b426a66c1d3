import FuzzSupport
@testable import SesameGit

/// Any bytes as git's credential attributes on the helper's stdin, read and translated into what the helper would
/// store.
@main
enum FuzzGitCredential {
    static func main() {
        LibFuzzer.run { bytes in
            _ = GitCredentialHelper().credential(from: GitCredentialMessage(parsing: Array(bytes)))
        }
    }
}
