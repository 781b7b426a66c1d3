// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation

/// `ASCredentialRequestType`, iOS 17.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialrequesttype
@available(iOS 17.0, macOS 14.0, *)
public enum ASCredentialRequestType: Int, Sendable {
    case password = 0
    case passkeyAssertion = 1
    @available(iOS 18.0, macOS 15.0, *)
    case passkeyRegistration = 2
    @available(iOS 18.0, macOS 15.0, *)
    case oneTimeCode = 3
}

/// `ASCredentialRequest`, iOS 17.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialrequest
@available(iOS 17.0, macOS 14.0, *)
public protocol ASCredentialRequest: AnyObject, Sendable {
    var type: ASCredentialRequestType { get }
    var credentialIdentity: any ASCredentialIdentity { get }
}

/// `ASPasswordCredentialRequest`, iOS 17.0+. https://developer.apple.com/documentation/authenticationservices/aspasswordcredentialrequest
/// https://developer.apple.com/documentation/authenticationservices/aspasswordcredentialrequest
@available(iOS 17.0, macOS 14.0, *)
open class ASPasswordCredentialRequest: ASCredentialRequest, @unchecked Sendable {
    public let credentialIdentity: any ASCredentialIdentity
    public var type: ASCredentialRequestType { .password }

    public init(credentialIdentity: ASPasswordCredentialIdentity) {
        self.credentialIdentity = credentialIdentity
    }
}

/// `ASOneTimeCodeCredentialRequest`, iOS 18.0+. https://developer.apple.com/documentation/authenticationservices/asonetimecodecredentialrequest
/// https://developer.apple.com/documentation/authenticationservices/asonetimecodecredentialrequest
@available(iOS 18.0, macOS 15.0, *)
open class ASOneTimeCodeCredentialRequest: ASCredentialRequest, @unchecked Sendable {
    public let credentialIdentity: any ASCredentialIdentity
    public var type: ASCredentialRequestType { .oneTimeCode }

    public init(credentialIdentity: ASOneTimeCodeCredentialIdentity) {
        self.credentialIdentity = credentialIdentity
    }
}

/// `ASPasskeyCredentialRequest`, iOS 17.0+ (only what the shell reads: its kind and identity).
/// https://developer.apple.com/documentation/authenticationservices/aspasskeycredentialrequest
@available(iOS 17.0, macOS 14.0, *)
open class ASPasskeyCredentialRequest: ASCredentialRequest, @unchecked Sendable {
    public let credentialIdentity: any ASCredentialIdentity
    public let type: ASCredentialRequestType
    public let clientDataHash: Data

    public init(credentialIdentity: ASPasskeyCredentialIdentity, clientDataHash: Data,
                type: ASCredentialRequestType = .passkeyAssertion) {
        self.credentialIdentity = credentialIdentity
        self.clientDataHash = clientDataHash
        self.type = type
    }
}

/// `ASPasskeyCredentialRequestParameters`, iOS 17.0+ (the properties KeePassium reads).
/// https://developer.apple.com/documentation/authenticationservices/aspasskeycredentialrequestparameters
@available(iOS 17.0, macOS 14.0, *)
open class ASPasskeyCredentialRequestParameters: @unchecked Sendable {
    public let relyingPartyIdentifier: String
    public let clientDataHash: Data

    public init(relyingPartyIdentifier: String, clientDataHash: Data) {
        self.relyingPartyIdentifier = relyingPartyIdentifier
        self.clientDataHash = clientDataHash
    }
}

/// `ASSavePasswordRequest`, iOS 26.2+. https://developer.apple.com/documentation/authenticationservices/assavepasswordrequest
@available(iOS 26.2, *)
open class ASSavePasswordRequest: @unchecked Sendable {
    /// https://developer.apple.com/documentation/authenticationservices/assavepasswordrequest/event-swift.enum
    public enum Event: Int, Sendable {
        case userInitiated = 0
        case formDidDisappear = 1
        case generatedPasswordFilled = 2
    }

    public let serviceIdentifier: ASCredentialServiceIdentifier
    public let credential: ASPasswordCredential
    /// A user-displayable name for the credential, independent of the service identifier.
    public let title: String?
    public let sessionID: String
    public let event: Event
    public let passwordKind: ASGeneratedPassword.Kind?

    /// https://developer.apple.com/documentation/authenticationservices/assavepasswordrequest/init(serviceidentifier:credential:title:sessionid:event:passwordkind:)
    public init(serviceIdentifier: ASCredentialServiceIdentifier, credential: ASPasswordCredential, title: String?,
                sessionID: String, event: Event, passwordKind: ASGeneratedPassword.Kind?) {
        self.serviceIdentifier = serviceIdentifier
        self.credential = credential
        self.title = title
        self.sessionID = sessionID
        self.event = event
        self.passwordKind = passwordKind
    }
}

/// `ASGeneratePasswordsRequest`, iOS 26.2+. https://developer.apple.com/documentation/authenticationservices/asgeneratepasswordsrequest
/// https://developer.apple.com/documentation/authenticationservices/asgeneratepasswordsrequest
@available(iOS 26.2, *)
open class ASGeneratePasswordsRequest: @unchecked Sendable {
    public let serviceIdentifier: ASCredentialServiceIdentifier
    public let passwordFieldPasswordRules: String?
    public let confirmPasswordFieldPasswordRules: String?
    public let passwordRulesFromQuirks: String?

    /// https://developer.apple.com/documentation/authenticationservices/asgeneratepasswordsrequest/init(serviceidentifier:passwordfieldpasswordrules:confirmpasswordfieldpasswordrules:passwordrulesfromquirks:)
    public init(serviceIdentifier: ASCredentialServiceIdentifier, passwordFieldPasswordRules: String?,
                confirmPasswordFieldPasswordRules: String?, passwordRulesFromQuirks: String?) {
        self.serviceIdentifier = serviceIdentifier
        self.passwordFieldPasswordRules = passwordFieldPasswordRules
        self.confirmPasswordFieldPasswordRules = confirmPasswordFieldPasswordRules
        self.passwordRulesFromQuirks = passwordRulesFromQuirks
    }
}
