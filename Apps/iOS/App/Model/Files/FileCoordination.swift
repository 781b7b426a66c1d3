#if canImport(UIKit)
import UIKit

/// Reads and writes in a folder or file the person picked, as Apple asks of every app that shares files with a
/// file provider (iCloud Drive, Dropbox, a WebDAV app): inside `NSFileCoordinator`, which waits for the provider to
/// download an item before a read and tells it (and every other presenter) about each write. Inside a picked URL
/// only while it is accessed (``SecurityScope``).
enum FileCoordination {
    /// Runs `body` inside a coordinated read of `url`; the provider has downloaded the item when it starts.
    static func reading<T>(
        _ url: URL, options: NSFileCoordinator.ReadingOptions = [], presenter: (any NSFilePresenter)? = nil,
        _ body: (URL) throws -> T
    ) throws -> T {
        var error: NSError?
        var result: Result<T, any Error>?
        NSFileCoordinator(filePresenter: presenter).coordinate(readingItemAt: url, options: options, error: &error) { url in
            result = Result { try body(url) }
        }
        guard let result else { throw AppFailure("Cannot read \(url.lastPathComponent): \(Self.reason(error))") }
        return try result.get()
    }

    /// Runs `body` inside a coordinated write of `url`; presenters other than `presenter` hear of it afterwards.
    static func writing<T>(
        _ url: URL, options: NSFileCoordinator.WritingOptions = [], presenter: (any NSFilePresenter)? = nil,
        _ body: (URL) throws -> T
    ) throws -> T {
        var error: NSError?
        var result: Result<T, any Error>?
        NSFileCoordinator(filePresenter: presenter).coordinate(writingItemAt: url, options: options, error: &error) { url in
            result = Result { try body(url) }
        }
        guard let result else { throw AppFailure("Cannot write \(url.lastPathComponent): \(Self.reason(error))") }
        return try result.get()
    }

    private static func reason(_ error: NSError?) -> String {
        guard let error else { return "the system did not let Sesame at it." }
        switch error.code {
        case CocoaError.Code.fileReadNoPermission.rawValue, CocoaError.Code.fileWriteNoPermission.rawValue:
            return "Sesame may no longer open it; pick it again."
        case CocoaError.Code.fileNoSuchFile.rawValue, CocoaError.Code.fileReadNoSuchFile.rawValue:
            return "it is gone."
        default:
            return "\(error.localizedDescription)."
        }
    }
}
#endif
