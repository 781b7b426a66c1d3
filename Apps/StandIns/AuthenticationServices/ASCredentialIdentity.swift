// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation

/// `ASCredentialIdentity`, iOS 17.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialidentity
@available(iOS 17.0, macOS 14.0, *)
public protocol ASCredentialIdentity: AnyObject, Sendable {
    var serviceIdentifier: ASCredentialServiceIdentifier { get }
    var user: String { get }
    var recordIdentifier: String? { get }
    var rank: Int { get }
}

/// `ASPasswordCredentialIdentity`, iOS 12.0+.
/// https://developer.apple.com/documentation/authenticationservices/aspasswordcredentialidentity
open class ASPasswordCredentialIdentity: ASCredentialIdentity, @unchecked Sendable {
    public let serviceIdentifier: ASCredentialServiceIdentifier
    public let user: String
    public let recordIdentifier: String?
    /// Higher first among identities of the same service identifier; default 0.
    public var rank: Int = 0

    /// https://developer.apple.com/documentation/authenticationservices/aspasswordcredentialidentity/init(serviceidentifier:user:recordidentifier:)
    public init(serviceIdentifier: ASCredentialServiceIdentifier, user: String, recordIdentifier: String?) {
        self.serviceIdentifier = serviceIdentifier
        self.user = user
        self.recordIdentifier = recordIdentifier
    }
}

/// `ASPasskeyCredentialIdentity`, iOS 17.0+. The relying party is reported as the service identifier and the
/// user name as the user. https://developer.apple.com/documentation/authenticationservices/aspasskeycredentialidentity
@available(iOS 17.0, macOS 14.0, *)
open class ASPasskeyCredentialIdentity: ASCredentialIdentity, @unchecked Sendable {
    public let relyingPartyIdentifier: String
    public let userName: String
    public let credentialID: Data
    public let userHandle: Data
    public let recordIdentifier: String?
    public var rank: Int = 0

    public init(relyingPartyIdentifier: String, userName: String, credentialID: Data, userHandle: Data,
                recordIdentifier: String?) {
        self.relyingPartyIdentifier = relyingPartyIdentifier
        self.userName = userName
        self.credentialID = credentialID
        self.userHandle = userHandle
        self.recordIdentifier = recordIdentifier
    }

    public var serviceIdentifier: ASCredentialServiceIdentifier {
        ASCredentialServiceIdentifier(identifier: relyingPartyIdentifier, type: .domain)
    }
    public var user: String { userName }
}

/// `ASOneTimeCodeCredentialIdentity`, iOS 18.0+.
/// https://developer.apple.com/documentation/authenticationservices/asonetimecodecredentialidentity
@available(iOS 18.0, macOS 15.0, *)
open class ASOneTimeCodeCredentialIdentity: ASCredentialIdentity, @unchecked Sendable {
    public let serviceIdentifier: ASCredentialServiceIdentifier
    public let label: String
    public let recordIdentifier: String?
    public var rank: Int = 0

    public init(serviceIdentifier: ASCredentialServiceIdentifier, label: String, recordIdentifier: String?) {
        self.serviceIdentifier = serviceIdentifier
        self.label = label
        self.recordIdentifier = recordIdentifier
    }

    public var user: String { label }
}
