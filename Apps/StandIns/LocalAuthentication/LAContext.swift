// Stand-in for LocalAuthentication on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation

/// `LAPolicy`, iOS 8.0+. https://developer.apple.com/documentation/localauthentication/lapolicy
public enum LAPolicy: Int, Sendable {
    case deviceOwnerAuthenticationWithBiometrics = 1
    case deviceOwnerAuthentication = 2
}

/// `LABiometryType`, iOS 11.0+. https://developer.apple.com/documentation/localauthentication/labiometrytype
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
open class LAContext: @unchecked Sendable {
    public init() {}

    /// https://developer.apple.com/documentation/localauthentication/lacontext/biometrytype
    open var biometryType: LABiometryType { .none }

    /// https://developer.apple.com/documentation/localauthentication/lacontext/canevaluatepolicy(_:error:)
    /// (`NSErrorPointer` on Apple platforms; Linux Foundation has no such type.)
    open func canEvaluatePolicy(_ policy: LAPolicy, error: UnsafeMutablePointer<NSError?>?) -> Bool {
        false
    }
}
