// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
//
// Follows the Swift overlay of the iPhoneOS 26.2 SDK (AuthenticationServices.swiftinterface): two global `String`
// constants, iOS 26.0+. Their values are Apple's and not published; the stand-in's are its own, and the shell only
// ever compares against the constants, never against a literal.
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

/// The `activityType` of the `NSUserActivity` that launches an importing app.
/// https://developer.apple.com/documentation/authenticationservices/ascredentialexchangeactivity
@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
@available(watchOS, unavailable)
@available(tvOS, unavailable)
public let ASCredentialExchangeActivity: String = "ASCredentialExchangeActivityType"

/// The key of the import token (a `UUID`) in that activity's `userInfo`.
/// https://developer.apple.com/documentation/authenticationservices/ascredentialimporttoken
@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
@available(watchOS, unavailable)
@available(tvOS, unavailable)
public let ASCredentialImportToken: String = "ASCredentialImportToken"
