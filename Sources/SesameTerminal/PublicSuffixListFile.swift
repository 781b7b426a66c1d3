import Foundation
import SesameDomains

/// Where the Linux shell finds the public suffix list, and how it reads it: once per process, then handed to the
/// core as a value (`Vault`, the agent's configuration). An agent started by a command gets the same file's path in
/// its arguments, so both answer from the same rules.
public enum PublicSuffixListFile {
    public static let environmentVariable = "SESAME_PUBLIC_SUFFIX_LIST"
    /// Debian's `publicsuffix` package.
    public static let debianPath = "/usr/share/publicsuffix/public_suffix_list.dat"

    /// `$SESAME_PUBLIC_SUFFIX_LIST` if set and not empty, else Debian's file.
    public static func path(environment: [String: String]) -> String {
        if let path = environment[environmentVariable], !path.isEmpty { return path }
        return debianPath
    }

    /// Reads and parses the list at `path`.
    ///
    /// - Throws: a ``CLIError`` naming the path and what to do when the file is missing, unreadable or holds no rules.
    public static func load(path: String) throws(CLIError) -> PublicSuffixList {
        let bytes: [UInt8]
        switch readAll(path: path) {
        case .success(let read):
            bytes = read
        case .failure(let failure):
            let code = failure.code
            if code == ENOENT || code == ENOTDIR {
                throw CLIError("The public suffix list is missing at \(path); install the Debian package 'publicsuffix' or set \(environmentVariable) to the path of a public_suffix_list.dat file.")
            }
            let reason = String(cString: strerror(code))
            throw CLIError("The public suffix list at \(path) could not be read (\(reason)); fix its permissions or set \(environmentVariable) to another copy.")
        }
        let list = PublicSuffixList(utf8: bytes)
        guard list.ruleCount > 0 else {
            throw CLIError("The file at \(path) holds no public suffix rules; set \(environmentVariable) to the path of a public_suffix_list.dat file.")
        }
        return list
    }

    private struct ReadFailure: Error { let code: Int32 }

    /// The file's bytes, or the `errno` that stopped reading them.
    private static func readAll(path: String) -> Result<[UInt8], ReadFailure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(ReadFailure(code: errno)) }
        defer { _ = close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return .success(bytes) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(ReadFailure(code: errno))
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}
