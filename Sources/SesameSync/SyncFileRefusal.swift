/// One file or folder of the sync root that a transport would not read or list: a link or anything but a regular
/// file where a file belongs, a file above its size budget, a folder above its count budget. A round reports it
/// and goes on with the rest; nothing is written through it.
public struct SyncFileRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// Relative to the sync root.
    public let path: String
    public let reason: SyncError

    public init(path: String, reason: SyncError) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason.description)" }
}
