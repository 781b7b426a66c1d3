// Stand-in for LocalAuthentication on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
//
// Follows LocalAuthentication.framework/Headers/LAContext.h and LAPublicDefines.h of the iPhoneOS 26.2 SDK as Swift
// imports them: `LAContext` an NSObject subclass, not Sendable. One signature differs: `canEvaluatePolicy`'s error
// is an `NSErrorPointer` there, a type Linux Foundation lacks.
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation

/// `LAPolicy`, iOS 8.0+. https://developer.apple.com/documentation/localauthentication/lapolicy
@available(iOS 8.0, *)
public enum LAPolicy: Int, Sendable {
    @available(iOS 8.0, *)
    case deviceOwnerAuthenticationWithBiometrics = 1
    @available(iOS 9.0, *)
    case deviceOwnerAuthentication = 2
}

/// `LABiometryType`, iOS 11.0+. https://developer.apple.com/documentation/localauthentication/labiometrytype
@available(iOS 11.0, *)
public enum LABiometryType: Int, Sendable {
    case none = 0
    case touchID = 1
    case faceID = 2
    @available(iOS 17.0, *)
    case opticID = 4
}

/// `LAContext`, iOS 8.0+. https://developer.apple.com/documentation/localauthentication/lacontext
///
/// On Linux there is no biometry: the stand-in reports none, so the shell's password path is what runs.
@available(iOS 8.0, *)
open class LAContext: NSObject {
    public override init() {}

    /// https://developer.apple.com/documentation/localauthentication/lacontext/biometrytype
    @available(iOS 11.0, *)
    open var biometryType: LABiometryType { .none }

    /// https://developer.apple.com/documentation/localauthentication/lacontext/canevaluatepolicy(_:error:)
    open func canEvaluatePolicy(_ policy: LAPolicy, error: UnsafeMutablePointer<NSError?>?) -> Bool {
        false
    }
}
