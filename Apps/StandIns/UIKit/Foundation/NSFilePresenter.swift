// Stand-in for Foundation's file presenters on Linux, declared by the UIKit stand-in (see ../Exports.swift).
//
// Follows Foundation.framework/Headers/NSFilePresenter.h of the iPhoneOS 26.2 SDK as Swift imports it: a protocol
// refining `NSObjectProtocol`, not `Sendable`; its two properties required, every method optional. Linux has no
// Objective-C optional requirements, so each optional method is a requirement with an empty default below, which
// an implementation on Apple platforms (an `NSObject` subclass) satisfies the same way. Only the members the shell
// may receive are declared.
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation

/// `NSFilePresenter`. https://developer.apple.com/documentation/foundation/nsfilepresenter
public protocol NSFilePresenter: NSObjectProtocol {
    /// iOS 8.0+. https://developer.apple.com/documentation/foundation/nsfilepresenter/presenteditemurl
    @available(iOS 8.0, *)
    var presentedItemURL: URL? { get }
    /// iOS 2.0+ (as the SDK says). https://developer.apple.com/documentation/foundation/nsfilepresenter/presenteditemoperationqueue
    @available(iOS 2.0, *)
    var presentedItemOperationQueue: OperationQueue { get }

    /// https://developer.apple.com/documentation/foundation/nsfilepresenter/presenteditemdidchange()
    func presentedItemDidChange()
    /// iOS 8.0+. https://developer.apple.com/documentation/foundation/nsfilepresenter/presentedsubitemdidappear(at:)
    @available(iOS 8.0, *)
    func presentedSubitemDidAppear(at url: URL)
    /// iOS 8.0+. https://developer.apple.com/documentation/foundation/nsfilepresenter/presentedsubitemdidchange(at:)
    @available(iOS 8.0, *)
    func presentedSubitemDidChange(at url: URL)
    /// iOS 8.0+. https://developer.apple.com/documentation/foundation/nsfilepresenter/accommodatepresentedsubitemdeletion(at:completionhandler:)
    @available(iOS 8.0, *)
    func accommodatePresentedSubitemDeletion(at url: URL, completionHandler: @escaping @Sendable ((any Error)?) -> Void)
    /// https://developer.apple.com/documentation/foundation/nsfilepresenter/accommodatepresenteditemdeletion(completionhandler:)
    func accommodatePresentedItemDeletion(completionHandler: @escaping @Sendable ((any Error)?) -> Void)
    /// iOS 8.0+. https://developer.apple.com/documentation/foundation/nsfilepresenter/presenteditemdidmove(to:)
    @available(iOS 8.0, *)
    func presentedItemDidMove(to newURL: URL)
}

/// The optional methods' absence, as Objective-C leaves them unimplemented.
extension NSFilePresenter {
    public func presentedItemDidChange() {}
    public func presentedSubitemDidAppear(at url: URL) {}
    public func presentedSubitemDidChange(at url: URL) {}
    public func accommodatePresentedSubitemDeletion(at url: URL, completionHandler: @escaping @Sendable ((any Error)?) -> Void) {
        completionHandler(nil)
    }
    public func accommodatePresentedItemDeletion(completionHandler: @escaping @Sendable ((any Error)?) -> Void) {
        completionHandler(nil)
    }
    public func presentedItemDidMove(to newURL: URL) {}
}
