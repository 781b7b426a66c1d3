// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
//
// Follows AuthenticationServices.framework/Headers/ASCredentialServiceIdentifier.h of the iPhoneOS 26.2 SDK as Swift
// imports it: an NSObject subclass, not Sendable. Its NSCopying and NSSecureCoding conformances are left out (the
// shell neither copies nor archives one), which makes the stand-in stricter, never kinder.
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation

/// `ASCredentialServiceIdentifier`, iOS 12.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialserviceidentifier
@available(iOS 12.0, *)
open class ASCredentialServiceIdentifier: NSObject {
    /// https://developer.apple.com/documentation/authenticationservices/ascredentialserviceidentifier/identifiertype-swift.enum
    @available(iOS 12.0, *)
    public enum IdentifierType: Int, Sendable {
        case domain = 0
        case URL = 1
        /// iOS 26.2+: an App ID; `displayName` then holds the app's name.
        @available(iOS 26.2, *)
        case app = 2
    }

    private let storedIdentifier: String
    private let storedType: IdentifierType
    private let storedDisplayName: String?

    /// https://developer.apple.com/documentation/authenticationservices/ascredentialserviceidentifier/init(identifier:type:)
    public init(identifier: String, type: IdentifierType) {
        storedIdentifier = identifier
        storedType = type
        storedDisplayName = nil
    }

    /// iOS 26.2+.
    @available(iOS 26.2, *)
    public init(identifier: String, type: IdentifierType, displayName: String) {
        storedIdentifier = identifier
        storedType = type
        storedDisplayName = displayName
    }

    /// iOS 26.2+.
    @available(iOS 26.2, *)
    open var displayName: String? { storedDisplayName }
    open var identifier: String { storedIdentifier }
    open var type: IdentifierType { storedType }
}
