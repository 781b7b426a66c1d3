/// The status a Sesame command exits with.
///
/// Scripts rely on these, so they are part of the interface: 0 success, 1 failure, 2 wrong master password,
/// 64 usage error (`EX_USAGE` from `sysexits.h`, as swift-argument-parser uses).
///
/// Throwing an `ExitStatus` ends the command with that status and prints nothing, like argument-parser's `ExitCode`
/// (see ``exit(with:)``); `git-credential-sesame` uses this to stay silent.
public struct ExitStatus: Error, RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The number the process exits with.
    public let rawValue: Int32

    /// Any status; prefer the named ones.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// 0: the command did what was asked.
    public static let success = ExitStatus(rawValue: 0)
    /// 1: the command failed; the message says why.
    public static let failure = ExitStatus(rawValue: 1)
    /// 2: the master password did not open the vault, so scripts can tell it from other failures.
    public static let wrongPassword = ExitStatus(rawValue: 2)
    /// 64: the command line was wrong (`EX_USAGE`).
    public static let usage = ExitStatus(rawValue: 64)

    public var description: String { "exit status \(rawValue)" }
}
