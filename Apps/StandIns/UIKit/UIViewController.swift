// Stand-in for UIKit on Linux: only what Sesame's Apple shell uses. Never part of an Apple build (see
// docs/autofill.md §8, "Stand-ins"); the guard below makes a Mac build that somehow reached it fail loudly
// instead of shadowing the SDK.
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation

/// `UIViewController`, iOS 2.0+. https://developer.apple.com/documentation/uikit/uiviewcontroller
@MainActor
open class UIViewController {
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:)
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}

    public convenience init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidload()
    open func viewDidLoad() {}

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:)
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool,
                      completion: (() -> Void)? = nil) {
        completion?()
    }
}
