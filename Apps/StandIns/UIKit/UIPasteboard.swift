// Stand-in for UIKit's pasteboard on Linux (see UIViewController.swift for why it cannot reach a Mac).
//
// Follows UIKit.framework/Headers/UIPasteboard.h of the iPhoneOS 26.2 SDK as Swift imports it: `UIPasteboard` an
// NSObject subclass, `@unchecked Sendable` (the header is NS_SWIFT_SENDABLE) and not main-actor isolated; `Name` and
// `OptionsKey` `@unchecked Sendable` raw-value structs. Only the members the shell uses are declared.
//
// What the system does is played here: the items set with an expiration date are gone once the stand-in's clock
// (``standInNow``, the real time unless a test sets its own) passes it, as iOS clears them; local-only is recorded
// (``standInLocalOnly``), since there is no other device to keep it from.
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation

/// `UIPasteboard`, iOS 3.0+. https://developer.apple.com/documentation/uikit/uipasteboard
@available(iOS 3.0, *)
open class UIPasteboard: NSObject, @unchecked Sendable {
    /// https://developer.apple.com/documentation/uikit/uipasteboard/name-swift.struct
    public struct Name: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    /// iOS 10.0+. https://developer.apple.com/documentation/uikit/uipasteboard/optionskey
    @available(iOS 10.0, *)
    public struct OptionsKey: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    private let lock = NSLock()
    private let pasteboardName: Name
    private var storedItems: [[String: Any]] = []
    private var expiration: Date?
    private var localOnly = false
    private var changes = 0
    private var clock: @Sendable () -> Date = { Date() }

    private init(named name: Name) {
        pasteboardName = name
    }

    nonisolated(unsafe) private static var named: [Name: UIPasteboard] = [:]
    private static let namedLock = NSLock()

    /// https://developer.apple.com/documentation/uikit/uipasteboard/general
    open class var general: UIPasteboard { UIPasteboard(name: .general, create: true)! }

    /// https://developer.apple.com/documentation/uikit/uipasteboard/init(name:create:)
    public init?(name pasteboardName: UIPasteboard.Name, create: Bool) {
        self.pasteboardName = pasteboardName
        super.init()
        // Stand-in: every call for one name must give the same board; an NSObject initializer cannot return
        // another instance, so the first one made for a name is the one whose contents all of them share.
        let existing = Self.namedLock.withLock { () -> UIPasteboard? in
            if let board = Self.named[pasteboardName] { return board }
            guard create else { return nil }
            Self.named[pasteboardName] = self
            return self
        }
        guard let existing else { return nil }
        shared = existing === self ? nil : existing
    }

    /// The board this instance stands for, when another instance was made for the same name first.
    private var shared: UIPasteboard?
    private var board: UIPasteboard { shared ?? self }

    /// https://developer.apple.com/documentation/uikit/uipasteboard/withuniquename()
    open class func withUniqueName() -> UIPasteboard {
        UIPasteboard(name: Name("standin.\(UUID().uuidString)"), create: true)!
    }

    /// https://developer.apple.com/documentation/uikit/uipasteboard/name-swift.property
    open var name: UIPasteboard.Name { pasteboardName }

    /// https://developer.apple.com/documentation/uikit/uipasteboard/remove(withname:)
    open class func remove(withName pasteboardName: UIPasteboard.Name) {
        _ = namedLock.withLock { named.removeValue(forKey: pasteboardName) }
    }

    /// https://developer.apple.com/documentation/uikit/uipasteboard/changecount
    open var changeCount: Int { board.withState { $0.changes } }

    /// https://developer.apple.com/documentation/uikit/uipasteboard/items
    open var items: [[String: Any]] {
        get { board.withState { $0.current } }
        set { setItems(newValue) }
    }

    /// iOS 10.0+. https://developer.apple.com/documentation/uikit/uipasteboard/setitems(_:options:)
    @available(iOS 10.0, *)
    open func setItems(_ items: [[String: Any]], options: [UIPasteboard.OptionsKey: Any] = [:]) {
        board.withState { board in
            board.storedItems = items
            board.expiration = options[.expirationDate] as? Date
            board.localOnly = options[.localOnly] as? Bool ?? false
            board.changes += 1
        }
    }

    /// https://developer.apple.com/documentation/uikit/uipasteboard/string
    open var string: String? {
        get { board.withState { $0.current.lazy.compactMap { $0["public.utf8-plain-text"] as? String }.first } }
        set { setItems(newValue.map { [["public.utf8-plain-text": $0]] } ?? []) }
    }

    /// iOS 10.0+. https://developer.apple.com/documentation/uikit/uipasteboard/hasstrings
    @available(iOS 10.0, *)
    open var hasStrings: Bool { string != nil }

    private func withState<T>(_ body: (UIPasteboard) -> T) -> T {
        lock.withLock { body(self) }
    }

    /// The items, after the system cleared them if their expiration date passed.
    private var current: [[String: Any]] {
        if let expiration, clock() >= expiration {
            storedItems = []
            self.expiration = nil
            localOnly = false
            changes += 1
        }
        return storedItems
    }

    // MARK: - Stand-in only

    /// The clock against which expiration dates are checked.
    public var standInNow: @Sendable () -> Date {
        get { board.withState { $0.clock } }
        set { board.withState { $0.clock = newValue } }
    }

    /// Whether the items were set local-only (kept from Universal Clipboard), while they last.
    public var standInLocalOnly: Bool { board.withState { _ = $0.current; return $0.localOnly } }

    /// The expiration date of the items, while they last.
    public var standInExpirationDate: Date? { board.withState { _ = $0.current; return $0.expiration } }
}

extension UIPasteboard.Name {
    /// https://developer.apple.com/documentation/uikit/uipasteboard/name-swift.struct/general
    public static let general = UIPasteboard.Name("com.apple.UIKit.pboard.general")
}

extension UIPasteboard.OptionsKey {
    /// iOS 10.0+. https://developer.apple.com/documentation/uikit/uipasteboard/optionskey/expirationdate
    @available(iOS 10.0, *)
    public static let expirationDate = UIPasteboard.OptionsKey(rawValue: "com.apple.UIKit.pboard.expirationDate")
    /// iOS 10.0+. https://developer.apple.com/documentation/uikit/uipasteboard/optionskey/localonly
    @available(iOS 10.0, *)
    public static let localOnly = UIPasteboard.OptionsKey(rawValue: "com.apple.UIKit.pboard.localOnly")
}
