/// The format's version. A different major version is incompatible and refused; a later minor version only adds,
/// and what it adds is skipped and counted like any unknown member.
public struct CXFVersion: Sendable, Equatable {
    public var major: Int
    public var minor: Int

    public static let current = CXFVersion(major: 1, minor: 0)

    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }
}
