// Stand-in for Foundation's file coordination on Linux, declared by the UIKit stand-in (see ../Exports.swift).
//
// Follows Foundation.framework/Headers/NSFileCoordinator.h of the iPhoneOS 26.2 SDK as Swift imports it:
// `NSFileCoordinator` an NSObject subclass explicitly not Sendable, its option sets `@unchecked Sendable`. One type
// differs: the coordination methods' error is an `NSErrorPointer` there, a type Linux Foundation lacks; `&error` on
// an `NSError?` passes in both.
//
// What it does: the accessor runs at once, on the caller's thread (there is no other process to wait for); access
// inside a picked URL that is not being accessed is refused with Cocoa's "no permission" errors, which the sandbox
// would give (see NSURL+SecurityScope.swift); and after each coordinated write, every registered presenter of the
// item or of a folder above it hears of it on its own queue (`presentedSubitemDidAppear` for a new item,
// `presentedSubitemDidChange` otherwise, `presentedItemDidChange` for the presented item itself), except the
// presenter the coordinator was made for, as Apple documents. Each coordinated path is recorded for tests.
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation

extension NSFileCoordinator {
    /// https://developer.apple.com/documentation/foundation/nsfilecoordinator/readingoptions
    public struct ReadingOptions: OptionSet, @unchecked Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static var withoutChanges: NSFileCoordinator.ReadingOptions { .init(rawValue: 1 << 0) }
        public static var resolvesSymbolicLink: NSFileCoordinator.ReadingOptions { .init(rawValue: 1 << 1) }
        @available(iOS 8.0, *)
        public static var immediatelyAvailableMetadataOnly: NSFileCoordinator.ReadingOptions { .init(rawValue: 1 << 2) }
        @available(iOS 8.0, *)
        public static var forUploading: NSFileCoordinator.ReadingOptions { .init(rawValue: 1 << 3) }
    }

    /// https://developer.apple.com/documentation/foundation/nsfilecoordinator/writingoptions
    public struct WritingOptions: OptionSet, @unchecked Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static var forDeleting: NSFileCoordinator.WritingOptions { .init(rawValue: 1 << 0) }
        public static var forMoving: NSFileCoordinator.WritingOptions { .init(rawValue: 1 << 1) }
        public static var forMerging: NSFileCoordinator.WritingOptions { .init(rawValue: 1 << 2) }
        public static var forReplacing: NSFileCoordinator.WritingOptions { .init(rawValue: 1 << 3) }
        @available(iOS 8.0, *)
        public static var contentIndependentMetadataOnly: NSFileCoordinator.WritingOptions { .init(rawValue: 1 << 4) }
    }
}

/// `NSFileCoordinator`, iOS 5.0+. https://developer.apple.com/documentation/foundation/nsfilecoordinator
@available(iOS 5.0, *)
open class NSFileCoordinator: NSObject {
    private let filePresenter: (any NSFilePresenter)?

    /// https://developer.apple.com/documentation/foundation/nsfilecoordinator/init(filepresenter:)
    public init(filePresenter filePresenterOrNil: (any NSFilePresenter)?) {
        filePresenter = filePresenterOrNil
    }

    /// https://developer.apple.com/documentation/foundation/nsfilecoordinator/addfilepresenter(_:)
    open class func addFilePresenter(_ filePresenter: any NSFilePresenter) {
        StandInCoordination.lock.withLock {
            if !StandInCoordination.presenters.contains(where: { $0 === filePresenter }) {
                StandInCoordination.presenters.append(filePresenter)
            }
        }
    }

    /// https://developer.apple.com/documentation/foundation/nsfilecoordinator/removefilepresenter(_:)
    open class func removeFilePresenter(_ filePresenter: any NSFilePresenter) {
        StandInCoordination.lock.withLock { StandInCoordination.presenters.removeAll { $0 === filePresenter } }
    }

    /// https://developer.apple.com/documentation/foundation/nsfilecoordinator/filepresenters
    open class var filePresenters: [any NSFilePresenter] {
        StandInCoordination.lock.withLock { StandInCoordination.presenters }
    }

    /// https://developer.apple.com/documentation/foundation/nsfilecoordinator/coordinate(readingitemat:options:error:byaccessor:)
    open func coordinate(readingItemAt url: URL, options: NSFileCoordinator.ReadingOptions = [],
                         error outError: UnsafeMutablePointer<NSError?>?, byAccessor reader: (URL) -> Void) {
        let path = url.standardizedFileURL.path
        guard StandInSecurityScope.isReachable(path) else {
            outError?.pointee = NSError(domain: NSCocoaErrorDomain, code: CocoaError.Code.fileReadNoPermission.rawValue)
            return
        }
        StandInCoordination.record(path)
        reader(url)
    }

    /// https://developer.apple.com/documentation/foundation/nsfilecoordinator/coordinate(writingitemat:options:error:byaccessor:)
    open func coordinate(writingItemAt url: URL, options: NSFileCoordinator.WritingOptions = [],
                         error outError: UnsafeMutablePointer<NSError?>?, byAccessor writer: (URL) -> Void) {
        let path = url.standardizedFileURL.path
        guard StandInSecurityScope.isReachable(path) else {
            outError?.pointee = NSError(domain: NSCocoaErrorDomain, code: CocoaError.Code.fileWriteNoPermission.rawValue)
            return
        }
        StandInCoordination.record(path)
        let existed = FileManager.default.fileExists(atPath: path)
        writer(url)
        let exists = FileManager.default.fileExists(atPath: path)
        StandInCoordination.tellPresenters(of: path, appeared: !existed && exists, except: filePresenter)
    }

    // MARK: - Stand-in only

    /// Every path coordinated so far at or below `folder`, in order.
    public static func standInCoordinatedPaths(under folder: URL) -> [String] {
        let root = folder.standardizedFileURL.path
        return StandInCoordination.lock.withLock {
            StandInCoordination.coordinated.filter { $0 == root || $0.hasPrefix(root + "/") }
        }
    }
}

@available(*, unavailable)
extension NSFileCoordinator: @unchecked Sendable {}

/// The registered presenters and what was coordinated, process-wide, as the system keeps them.
enum StandInCoordination {
    static let lock = NSLock()
    nonisolated(unsafe) static var presenters: [any NSFilePresenter] = []
    nonisolated(unsafe) static var coordinated: [String] = []

    static func record(_ path: String) {
        lock.withLock { coordinated.append(path) }
    }

    static func tellPresenters(of path: String, appeared: Bool, except writer: (any NSFilePresenter)?) {
        let listeners = lock.withLock { presenters.filter { $0 !== writer } }
        for presenter in listeners {
            guard let presented = presenter.presentedItemURL?.standardizedFileURL.path else { continue }
            nonisolated(unsafe) let listener = presenter
            let item = URL(fileURLWithPath: path)
            if path == presented {
                presenter.presentedItemOperationQueue.addOperation { listener.presentedItemDidChange() }
            } else if path.hasPrefix(presented.hasSuffix("/") ? presented : presented + "/") {
                presenter.presentedItemOperationQueue.addOperation {
                    appeared ? listener.presentedSubitemDidAppear(at: item) : listener.presentedSubitemDidChange(at: item)
                }
            }
        }
    }
}
