#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open file descriptor, as `swift-system`'s `FileDescriptor` names one: the place where writing all of a
/// buffer lives once for every program and module (the fronts, the helpers, the CLI, the terminal, sync).
public struct FileDescriptor: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    public static let standardOutput = FileDescriptor(rawValue: STDOUT_FILENO)
    public static let standardError = FileDescriptor(rawValue: STDERR_FILENO)

    /// Writes all of `bytes`: a short write continues where it stopped, and a write interrupted by a signal
    /// (`EINTR`) is retried.
    ///
    /// ```swift
    /// try FileDescriptor.standardOutput.writeAll(Array("done\n".utf8))
    /// ```
    ///
    /// - Throws: `SystemCallError` named `write` with the `errno` of the write that failed (`EPIPE` for a reader
    ///   that went away), or `EIO` for a write that took no byte. Callers that can only give up use `try?`.
    public func writeAll(_ bytes: UnsafeRawBufferPointer) throws(SystemCallError) {
        guard let start = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = write(rawValue, start + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw SystemCallError("write")
            }
            guard written > 0 else { throw SystemCallError("write", code: EIO) }
            offset += written
        }
    }

    /// Writes all of `bytes`, as ``writeAll(_:)-(UnsafeRawBufferPointer)`` does.
    public func writeAll(_ bytes: [UInt8]) throws(SystemCallError) {
        // withUnsafeBytes rethrows untyped errors: the typed one is carried out as a Result.
        try bytes.withUnsafeBytes { buffer in Result { () throws(SystemCallError) in try writeAll(buffer) } }.get()
    }
}
