// Stand-in for UIKit on Linux: only what Sesame's Apple shell uses. Never part of an Apple build (see
// docs/autofill.md §8, "Stand-ins"); the guard below makes a Mac build that somehow reached it fail loudly
// instead of shadowing the SDK.
//
// Follows UIKit.framework/Headers/UIViewController.h and UIResponder.h of the iPhoneOS 26.2 SDK as Swift imports
// them: both classes main-actor isolated (UIKit marks them NS_SWIFT_UI_ACTOR), neither Sendable.
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation

/// `UIResponder`, iOS 2.0+. https://developer.apple.com/documentation/uikit/uiresponder
@available(iOS 2.0, *)
@MainActor
open class UIResponder: NSObject {}

/// `UIViewController`, iOS 2.0+. https://developer.apple.com/documentation/uikit/uiviewcontroller
@available(iOS 2.0, *)
@MainActor
open class UIViewController: UIResponder, @preconcurrency NSCoding {
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:)
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    /// Required by `NSCoding`, as in the SDK: a subclass that declares its own designated initializer must
    /// implement it too. https://developer.apple.com/documentation/uikit/uiviewcontroller/init(coder:)
    public required init?(coder: NSCoder) {
        super.init()
    }

    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    open func encode(with coder: NSCoder) {}

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidload()
    open func viewDidLoad() {}

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:)
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool,
                      completion: (() -> Void)? = nil) {
        completion?()
    }
}
