// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
//
// Follows AuthenticationServices.framework/Headers/ASAuthorizationPublicKeyCredentialDescriptor.h and
// ASAuthorizationPlatformPublicKeyCredentialDescriptor.h of the iPhoneOS 26.2 SDK as Swift imports them (not
// Sendable: the headers are audited for sendability and do not mark them so). NSCopying and NSSecureCoding are
// left out (stricter, never kinder).
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation

/// `ASAuthorizationPublicKeyCredentialDescriptor`, iOS 15.0+.
@available(iOS 15.0, *)
public protocol ASAuthorizationPublicKeyCredentialDescriptor: NSObjectProtocol {
    var credentialID: Data { get set }
}

/// `ASAuthorizationPlatformPublicKeyCredentialDescriptor`, iOS 15.0+: a passkey the relying party names (iOS 18's
/// `excludedCredentials` of a registration request).
/// https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialdescriptor
@available(iOS 15.0, *)
open class ASAuthorizationPlatformPublicKeyCredentialDescriptor: NSObject, ASAuthorizationPublicKeyCredentialDescriptor {
    open var credentialID: Data

    public init(credentialID: Data) {
        self.credentialID = credentialID
    }
}
