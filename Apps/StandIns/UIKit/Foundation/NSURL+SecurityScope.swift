// Stand-in for Foundation's security-scoped URLs and bookmarks on Linux, declared by the UIKit stand-in (see
// ../Exports.swift).
//
// Follows Foundation.framework/Headers/NSURL.h of the iPhoneOS 26.2 SDK and Foundation's Swift overlay (`URL`) as
// Swift imports them: the option sets are `@unchecked Sendable` structs of `NSURL`, `URL` names them by typealias.
//
// What the sandbox does is played here. The document picker hands the app a security-scoped URL
// (``URL/standInPicked(_:)`` plays the picker): files at or below it can be reached only between a successful
// `startAccessingSecurityScopedResource()` and its `stopAccessingSecurityScopedResource()`, which `NSFileCoordinator`
// (the stand-in) enforces by refusing coordinated access with Cocoa's "no permission" errors. A bookmark of a picked
// URL resolves to a picked URL, and, unless `withoutImplicitStartAccessing` is given, resolving starts accessing it
// (iOS 14.2+ documents that implicit start). Bookmarks hold the path; they are never stale (nothing here moves a
// folder behind the app's back), and resolving one whose item is gone fails as iOS does.
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation

extension NSURL {
    /// iOS 4.0+. https://developer.apple.com/documentation/foundation/nsurl/bookmarkcreationoptions
    @available(iOS 4.0, *)
    public struct BookmarkCreationOptions: OptionSet, @unchecked Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static var minimalBookmark: NSURL.BookmarkCreationOptions { .init(rawValue: 1 << 9) }
        public static var suitableForBookmarkFile: NSURL.BookmarkCreationOptions { .init(rawValue: 1 << 10) }
        @available(iOS 5.0, *)
        public static var withoutImplicitSecurityScope: NSURL.BookmarkCreationOptions { .init(rawValue: 1 << 29) }
    }

    /// iOS 4.0+. https://developer.apple.com/documentation/foundation/nsurl/bookmarkresolutionoptions
    @available(iOS 4.0, *)
    public struct BookmarkResolutionOptions: OptionSet, @unchecked Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static var withoutUI: NSURL.BookmarkResolutionOptions { .init(rawValue: 1 << 8) }
        public static var withoutMounting: NSURL.BookmarkResolutionOptions { .init(rawValue: 1 << 9) }
        @available(iOS 14.2, *)
        public static var withoutImplicitStartAccessing: NSURL.BookmarkResolutionOptions { .init(rawValue: 1 << 15) }
    }
}

extension URL {
    public typealias BookmarkCreationOptions = NSURL.BookmarkCreationOptions
    public typealias BookmarkResolutionOptions = NSURL.BookmarkResolutionOptions

    /// https://developer.apple.com/documentation/foundation/url/bookmarkdata(options:includingresourcevaluesforkeys:relativeto:)
    public func bookmarkData(options: URL.BookmarkCreationOptions = [], includingResourceValuesForKeys keys: Set<URLResourceKey>? = nil,
                             relativeTo url: URL? = nil) throws -> Data {
        let path = standardizedFileURL.path
        guard isFileURL, FileManager.default.fileExists(atPath: path) else {
            throw CocoaError(.fileNoSuchFile)
        }
        let scoped = StandInSecurityScope.isPicked(path) && !options.contains(.withoutImplicitSecurityScope)
        return Data((StandInSecurityScope.bookmarkMagic + (scoped ? "1" : "0") + path).utf8)
    }

    /// https://developer.apple.com/documentation/foundation/url/init(resolvingbookmarkdata:options:relativeto:bookmarkdataisstale:)
    public init(resolvingBookmarkData data: Data, options: URL.BookmarkResolutionOptions = [], relativeTo url: URL? = nil,
                bookmarkDataIsStale: inout Bool) throws {
        let text = String(decoding: data, as: UTF8.self)
        guard text.hasPrefix(StandInSecurityScope.bookmarkMagic) else { throw CocoaError(.fileReadCorruptFile) }
        let rest = text.dropFirst(StandInSecurityScope.bookmarkMagic.count)
        let scoped = rest.first == "1"
        let path = String(rest.dropFirst())
        guard FileManager.default.fileExists(atPath: path) else { throw CocoaError(.fileNoSuchFile) }
        bookmarkDataIsStale = false
        self.init(fileURLWithPath: path)
        if scoped {
            StandInSecurityScope.pick(path)
            if !options.contains(.withoutImplicitStartAccessing) { _ = startAccessingSecurityScopedResource() }
        }
    }

    /// iOS 8.0+. https://developer.apple.com/documentation/foundation/url/startaccessingsecurityscopedresource()
    @available(iOS 8.0, *)
    public func startAccessingSecurityScopedResource() -> Bool {
        StandInSecurityScope.start(standardizedFileURL.path)
    }

    /// iOS 8.0+. https://developer.apple.com/documentation/foundation/url/stopaccessingsecurityscopedresource()
    @available(iOS 8.0, *)
    public func stopAccessingSecurityScopedResource() {
        StandInSecurityScope.stop(standardizedFileURL.path)
    }

    // MARK: - Stand-in only

    /// What the document picker hands over for `url`: a security-scoped URL, reachable only while accessed.
    public static func standInPicked(_ url: URL) -> URL {
        StandInSecurityScope.pick(url.standardizedFileURL.path)
        return url
    }

    /// How many `start` calls on this picked URL no `stop` has balanced yet.
    public var standInOpenAccesses: Int { StandInSecurityScope.openAccesses(standardizedFileURL.path) }
}

/// The sandbox's view of the picked URLs: which were picked, and how often each is being accessed.
enum StandInSecurityScope {
    static let bookmarkMagic = "SESAME-STANDIN-BOOKMARK:"
    private static let lock = NSLock()
    nonisolated(unsafe) private static var accesses: [String: Int] = [:]

    static func pick(_ path: String) {
        lock.withLock { if accesses[path] == nil { accesses[path] = 0 } }
    }

    static func isPicked(_ path: String) -> Bool { lock.withLock { accesses[path] != nil } }

    static func start(_ path: String) -> Bool {
        lock.withLock {
            guard let count = accesses[path] else { return false }
            accesses[path] = count + 1
            return true
        }
    }

    static func stop(_ path: String) {
        lock.withLock {
            if let count = accesses[path], count > 0 { accesses[path] = count - 1 }
        }
    }

    static func openAccesses(_ path: String) -> Int { lock.withLock { accesses[path] ?? 0 } }

    /// Whether the sandbox lets the app reach `path`: anywhere outside every picked URL, and inside one only while
    /// that one is being accessed.
    static func isReachable(_ path: String) -> Bool {
        lock.withLock {
            let roots = accesses.filter { root, _ in path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/") }
            return roots.isEmpty || roots.values.contains { $0 > 0 }
        }
    }
}
