// Stand-in for UIKit on Linux (see UIViewController.swift for why it cannot reach a Mac).
//
// Follows UIKit.framework/Headers/UIView.h and UIWindow.h of the iPhoneOS 26.2 SDK as Swift imports them: both
// classes main-actor isolated (NS_SWIFT_UI_ACTOR), neither Sendable. Only what the shell needs: a window to
// present the system's credential export sheet over (`ASPresentationAnchor`).
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation

/// `UIView`, iOS 2.0+. https://developer.apple.com/documentation/uikit/uiview
@available(iOS 2.0, *)
@MainActor
open class UIView: UIResponder {}

/// `UIWindow`, iOS 2.0+. https://developer.apple.com/documentation/uikit/uiwindow
@available(iOS 2.0, *)
@MainActor
open class UIWindow: UIView {}
