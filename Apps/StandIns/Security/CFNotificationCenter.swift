// Stand-in for CoreFoundation's Darwin notify center on Linux (see UIKit/UIViewController.swift for why it cannot
// reach a Mac). On Apple platforms these names come from CoreFoundation, which Security re-exports; here
// `CoreFoundation` is the toolchain's own private module, so the stand-in lives beside the Security one, whose
// CF type aliases it shares. Posting delivers at once, in the posting thread, to every observer of the name in this
// process: the tests' "processes" (the app and extension view controllers) share it as real ones share the
// system-wide center.
//
// Follows CoreFoundation.framework/Headers/CFNotificationCenter.h of the iPhoneOS 26.2 SDK as Swift imports it:
// `CFNotificationCenter` a CF class, not Sendable; `CFNotificationName` Sendable. The callback is a `@convention(c)`
// function there; Linux cannot express that with these Swift types, so here it is a `@Sendable` closure and shell
// code keeps its callbacks capture-free by hand.
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation
import Synchronization

/// `CFNotificationCenter`. https://developer.apple.com/documentation/corefoundation/cfnotificationcenter
public final class CFNotificationCenter: Hashable {
    fileprivate init() {}

    public static func == (lhs: CFNotificationCenter, rhs: CFNotificationCenter) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}

private struct Observer: @unchecked Sendable {
    // @unchecked: the pointer is the caller's opaque observer token, only handed back to its callback.
    let observer: UnsafeRawPointer?
    let callBack: CFNotificationCallback
    let name: String
}

/// The process's observers of the one Darwin notify center.
private let observers = Mutex<[Observer]>([])

/// `CFNotificationName`. https://developer.apple.com/documentation/corefoundation/cfnotificationname
public struct CFNotificationName: RawRepresentable, Hashable, Sendable {
    public let rawValue: CFString
    public init(rawValue: CFString) { self.rawValue = rawValue }
    public init(_ rawValue: CFString) { self.rawValue = rawValue }
}

/// `CFNotificationSuspensionBehavior`; the Darwin center ignores it.
/// https://developer.apple.com/documentation/corefoundation/cfnotificationsuspensionbehavior
public enum CFNotificationSuspensionBehavior: Int, Sendable {
    case drop = 1
    case coalesce = 2
    case hold = 3
    case deliverImmediately = 4
}

/// https://developer.apple.com/documentation/corefoundation/cfnotificationcallback
public typealias CFNotificationCallback = @Sendable (CFNotificationCenter?, UnsafeMutableRawPointer?,
                                                     CFNotificationName?, UnsafeRawPointer?, CFDictionary?) -> Void

/// https://developer.apple.com/documentation/corefoundation/cfnotificationcentergetdarwinnotifycenter()
public func CFNotificationCenterGetDarwinNotifyCenter() -> CFNotificationCenter! {
    CFNotificationCenter()
}

/// https://developer.apple.com/documentation/corefoundation/cfnotificationcenteraddobserver(_:_:_:_:_:_:)
public func CFNotificationCenterAddObserver(_ center: CFNotificationCenter!, _ observer: UnsafeRawPointer!,
                                            _ callBack: CFNotificationCallback!, _ name: CFString!,
                                            _ object: UnsafeRawPointer!,
                                            _ suspensionBehavior: CFNotificationSuspensionBehavior) {
    observers.withLock { $0.append(.init(observer: observer, callBack: callBack, name: name)) }
}

/// https://developer.apple.com/documentation/corefoundation/cfnotificationcenterremoveobserver(_:_:_:_:)
public func CFNotificationCenterRemoveObserver(_ center: CFNotificationCenter!, _ observer: UnsafeRawPointer!,
                                               _ name: CFNotificationName!, _ object: UnsafeRawPointer!) {
    observers.withLock { $0.removeAll { $0.observer == observer && $0.name == name.rawValue } }
}

/// https://developer.apple.com/documentation/corefoundation/cfnotificationcenterpostnotification(_:_:_:_:_:)
public func CFNotificationCenterPostNotification(_ center: CFNotificationCenter!, _ name: CFNotificationName!,
                                                 _ object: UnsafeRawPointer!, _ userInfo: CFDictionary!,
                                                 _ deliverImmediately: Bool) {
    // Delivered under the lock, so an observer being removed (its owner going away on another thread) is either
    // called before the removal or not at all; a callback must therefore not add or remove observers itself.
    observers.withLock { observers in
        for observer in observers where observer.name == name.rawValue {
            observer.callBack(center, UnsafeMutableRawPointer(mutating: observer.observer), name, object, nil)
        }
    }
}
