// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
//
// Follows AuthenticationServices.framework/Headers/ASCredentialIdentity.h, ASPasswordCredentialIdentity.h,
// ASPasskeyCredentialIdentity.h and ASOneTimeCodeCredentialIdentity.h of the iPhoneOS 26.2 SDK as Swift imports
// them: the protocol refines NSObjectProtocol only, the classes are NSObject subclasses, and none is Sendable. Their
// NSCopying and NSSecureCoding conformances are left out (stricter, never kinder).
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation

/// `ASCredentialIdentity`, iOS 17.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialidentity
@available(iOS 17.0, *)
public protocol ASCredentialIdentity: NSObjectProtocol {
    var serviceIdentifier: ASCredentialServiceIdentifier { get }
    var user: String { get }
    var recordIdentifier: String? { get }
    var rank: Int { get set }
}

/// `ASPasswordCredentialIdentity`, iOS 12.0+.
/// https://developer.apple.com/documentation/authenticationservices/aspasswordcredentialidentity
@available(iOS 12.0, *)
open class ASPasswordCredentialIdentity: NSObject, ASCredentialIdentity {
    private let storedServiceIdentifier: ASCredentialServiceIdentifier
    private let storedUser: String
    private let storedRecordIdentifier: String?

    /// https://developer.apple.com/documentation/authenticationservices/aspasswordcredentialidentity/init(serviceidentifier:user:recordidentifier:)
    public init(serviceIdentifier: ASCredentialServiceIdentifier, user: String, recordIdentifier: String?) {
        storedServiceIdentifier = serviceIdentifier
        storedUser = user
        storedRecordIdentifier = recordIdentifier
    }

    open var serviceIdentifier: ASCredentialServiceIdentifier { storedServiceIdentifier }
    open var user: String { storedUser }
    open var recordIdentifier: String? { storedRecordIdentifier }
    /// Higher first among identities of the same service identifier; default 0.
    open var rank: Int = 0
}

/// `ASPasskeyCredentialIdentity`, iOS 17.0+. The relying party is reported as the service identifier and the
/// user name as the user. https://developer.apple.com/documentation/authenticationservices/aspasskeycredentialidentity
@available(iOS 17.0, *)
open class ASPasskeyCredentialIdentity: NSObject, ASCredentialIdentity {
    private let storedRelyingPartyIdentifier: String
    private let storedUserName: String
    private let storedCredentialID: Data
    private let storedUserHandle: Data
    private let storedRecordIdentifier: String?

    /// The SDK declares it a convenience initializer (the Objective-C one, and the Swift overlay's with
    /// `recordIdentifier` defaulting to nil); the stand-in needs it designated.
    public init(relyingPartyIdentifier: String, userName: String, credentialID: Data, userHandle: Data,
                recordIdentifier: String? = nil) {
        storedRelyingPartyIdentifier = relyingPartyIdentifier
        storedUserName = userName
        storedCredentialID = credentialID
        storedUserHandle = userHandle
        storedRecordIdentifier = recordIdentifier
    }

    open var relyingPartyIdentifier: String { storedRelyingPartyIdentifier }
    open var userName: String { storedUserName }
    open var credentialID: Data { storedCredentialID }
    open var userHandle: Data { storedUserHandle }
    open var recordIdentifier: String? { storedRecordIdentifier }
    open var rank: Int = 0

    open var serviceIdentifier: ASCredentialServiceIdentifier {
        ASCredentialServiceIdentifier(identifier: storedRelyingPartyIdentifier, type: .domain)
    }
    open var user: String { storedUserName }
}

/// `ASOneTimeCodeCredentialIdentity`, iOS 18.0+.
/// https://developer.apple.com/documentation/authenticationservices/asonetimecodecredentialidentity
@available(iOS 18.0, *)
open class ASOneTimeCodeCredentialIdentity: NSObject, ASCredentialIdentity {
    private let storedServiceIdentifier: ASCredentialServiceIdentifier
    private let storedLabel: String
    private let storedRecordIdentifier: String?

    public init(serviceIdentifier: ASCredentialServiceIdentifier, label: String, recordIdentifier: String?) {
        storedServiceIdentifier = serviceIdentifier
        storedLabel = label
        storedRecordIdentifier = recordIdentifier
    }

    open var label: String { storedLabel }
    open var serviceIdentifier: ASCredentialServiceIdentifier { storedServiceIdentifier }
    open var user: String { storedLabel }
    open var recordIdentifier: String? { storedRecordIdentifier }
    open var rank: Int = 0
}
