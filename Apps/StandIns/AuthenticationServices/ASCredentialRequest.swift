// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
//
// Follows AuthenticationServices.framework/Headers/ASCredentialRequest.h, ASPasswordCredentialRequest.h,
// ASOneTimeCodeCredentialRequest.h, ASPasskeyCredentialRequest.h, ASPasskeyCredentialRequestParameters.h,
// ASSavePasswordRequest.h and ASGeneratePasswordsRequest.h of the iPhoneOS 26.2 SDK, with the Swift overlay's
// additions (AuthenticationServices.swiftinterface), as Swift imports them. Sendable exactly where the SDK says so:
// the requests the system hands `prepare…`/`provide…` (password, one-time code, passkey) are not; the passkey
// request parameters and the 26.2 save and generate requests are (`@unchecked Sendable`, NS_SWIFT_SENDABLE).
// NSCopying and NSSecureCoding are left out (stricter, never kinder).
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation

/// `ASCredentialRequestType`, iOS 17.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialrequesttype
@available(iOS 17.0, *)
public enum ASCredentialRequestType: Int, Sendable {
    case password = 0
    case passkeyAssertion = 1
    @available(iOS 18.0, *)
    case passkeyRegistration = 2
    @available(iOS 18.0, *)
    case oneTimeCode = 3
}

/// `ASCredentialRequest`, iOS 17.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialrequest
@available(iOS 17.0, *)
public protocol ASCredentialRequest: NSObjectProtocol {
    var type: ASCredentialRequestType { get }
    var credentialIdentity: any ASCredentialIdentity { get }
}

/// `ASPasswordCredentialRequest`, iOS 17.0+. https://developer.apple.com/documentation/authenticationservices/aspasswordcredentialrequest
@available(iOS 17.0, *)
open class ASPasswordCredentialRequest: NSObject, ASCredentialRequest {
    private let identity: ASPasswordCredentialIdentity

    public init(credentialIdentity: ASPasswordCredentialIdentity) {
        identity = credentialIdentity
    }

    open var type: ASCredentialRequestType { .password }
    open var credentialIdentity: any ASCredentialIdentity { identity }
}

/// `ASOneTimeCodeCredentialRequest`, iOS 18.0+. https://developer.apple.com/documentation/authenticationservices/asonetimecodecredentialrequest
@available(iOS 18.0, *)
open class ASOneTimeCodeCredentialRequest: NSObject, ASCredentialRequest {
    private let identity: ASOneTimeCodeCredentialIdentity

    public init(credentialIdentity: ASOneTimeCodeCredentialIdentity) {
        identity = credentialIdentity
    }

    open var type: ASCredentialRequestType { .oneTimeCode }
    open var credentialIdentity: any ASCredentialIdentity { identity }
}

/// `ASPasskeyCredentialRequest`, iOS 17.0+ (what the shell and its tests reach: the kind, the identity, the
/// client data hash, the algorithms, the user verification preference and iOS 18's excluded credentials).
/// https://developer.apple.com/documentation/authenticationservices/aspasskeycredentialrequest
@available(iOS 17.0, *)
open class ASPasskeyCredentialRequest: NSObject, ASCredentialRequest {
    private let identity: ASPasskeyCredentialIdentity
    private let kind: ASCredentialRequestType
    private let storedClientDataHash: Data
    private let storedSupportedAlgorithms: [ASCOSEAlgorithmIdentifier]
    private let storedExcludedCredentials: [ASAuthorizationPlatformPublicKeyCredentialDescriptor]?

    /// The Swift overlay's initializer. The system makes assertion requests this way; the registration requests it
    /// makes have no public initializer (tests use ``init(standInType:credentialIdentity:clientDataHash:)``).
    /// https://developer.apple.com/documentation/authenticationservices/aspasskeycredentialrequest/init(credentialidentity:clientdatahash:userverificationpreference:supportedalgorithms:)
    public convenience init(credentialIdentity: ASPasskeyCredentialIdentity, clientDataHash: Data,
                            userVerificationPreference: ASAuthorizationPublicKeyCredentialUserVerificationPreference,
                            supportedAlgorithms: [ASCOSEAlgorithmIdentifier]) {
        self.init(kind: .passkeyAssertion, identity: credentialIdentity, clientDataHash: clientDataHash,
                  userVerificationPreference: userVerificationPreference, supportedAlgorithms: supportedAlgorithms)
    }

    /// Stand-in only: a request of the given kind, as the system makes them (a registration lists the relying
    /// party's algorithms and, from iOS 18, the credentials it already holds; an assertion has no algorithms).
    public convenience init(standInType type: ASCredentialRequestType, credentialIdentity: ASPasskeyCredentialIdentity,
                            clientDataHash: Data,
                            userVerificationPreference: ASAuthorizationPublicKeyCredentialUserVerificationPreference = .preferred,
                            supportedAlgorithms: [ASCOSEAlgorithmIdentifier] = [.ES256],
                            excludedCredentials: [ASAuthorizationPlatformPublicKeyCredentialDescriptor]? = nil) {
        self.init(kind: type, identity: credentialIdentity, clientDataHash: clientDataHash,
                  userVerificationPreference: userVerificationPreference, supportedAlgorithms: supportedAlgorithms,
                  excludedCredentials: excludedCredentials)
    }

    private init(kind: ASCredentialRequestType, identity: ASPasskeyCredentialIdentity, clientDataHash: Data,
                 userVerificationPreference: ASAuthorizationPublicKeyCredentialUserVerificationPreference,
                 supportedAlgorithms: [ASCOSEAlgorithmIdentifier],
                 excludedCredentials: [ASAuthorizationPlatformPublicKeyCredentialDescriptor]? = nil) {
        self.kind = kind
        self.identity = identity
        storedClientDataHash = clientDataHash
        self.userVerificationPreference = userVerificationPreference
        storedSupportedAlgorithms = supportedAlgorithms
        storedExcludedCredentials = excludedCredentials
    }

    open var type: ASCredentialRequestType { kind }
    open var credentialIdentity: any ASCredentialIdentity { identity }
    open var clientDataHash: Data { storedClientDataHash }
    open var userVerificationPreference: ASAuthorizationPublicKeyCredentialUserVerificationPreference
    public var supportedAlgorithms: [ASCOSEAlgorithmIdentifier] { storedSupportedAlgorithms }
    @available(iOS 18.0, *)
    open var excludedCredentials: [ASAuthorizationPlatformPublicKeyCredentialDescriptor]? { storedExcludedCredentials }
}

/// `ASPasskeyCredentialRequestParameters`, iOS 17.0+. The system makes them; the SDK has no public initializer.
/// https://developer.apple.com/documentation/authenticationservices/aspasskeycredentialrequestparameters
@available(iOS 17.0, *)
open class ASPasskeyCredentialRequestParameters: NSObject, @unchecked Sendable {
    private let storedRelyingPartyIdentifier: String
    private let storedClientDataHash: Data
    private let storedUserVerificationPreference: ASAuthorizationPublicKeyCredentialUserVerificationPreference
    private let storedAllowedCredentials: [Data]

    /// Stand-in only: parameters as the system hands them to `prepareCredentialList(for:requestParameters:)`.
    public init(standInRelyingPartyIdentifier relyingPartyIdentifier: String, clientDataHash: Data,
                userVerificationPreference: ASAuthorizationPublicKeyCredentialUserVerificationPreference = .preferred,
                allowedCredentials: [Data] = []) {
        storedRelyingPartyIdentifier = relyingPartyIdentifier
        storedClientDataHash = clientDataHash
        storedUserVerificationPreference = userVerificationPreference
        storedAllowedCredentials = allowedCredentials
    }

    open var relyingPartyIdentifier: String { storedRelyingPartyIdentifier }
    open var clientDataHash: Data { storedClientDataHash }
    open var userVerificationPreference: ASAuthorizationPublicKeyCredentialUserVerificationPreference {
        storedUserVerificationPreference
    }
    open var allowedCredentials: [Data] { storedAllowedCredentials }
}

/// `ASSavePasswordRequest`, iOS 26.2+. https://developer.apple.com/documentation/authenticationservices/assavepasswordrequest
@available(iOS 26.2, *)
open class ASSavePasswordRequest: NSObject, @unchecked Sendable {
    /// https://developer.apple.com/documentation/authenticationservices/assavepasswordrequest/event-swift.enum
    @available(iOS 26.2, *)
    public enum Event: Int, Sendable {
        case userInitiated = 0
        case formDidDisappear = 1
        case generatedPasswordFilled = 2
    }

    private let storedServiceIdentifier: ASCredentialServiceIdentifier
    private let storedCredential: ASPasswordCredential
    private let storedTitle: String?
    private let storedSessionID: String
    private let storedEvent: Event
    private let storedPasswordKind: ASGeneratedPassword.Kind?

    public convenience init(serviceIdentifier: ASCredentialServiceIdentifier, credential: ASPasswordCredential,
                            sessionID: String, event: Event) {
        self.init(serviceIdentifier: serviceIdentifier, credential: credential, title: nil, sessionID: sessionID,
                  event: event, passwordKind: nil)
    }

    public convenience init(serviceIdentifier: ASCredentialServiceIdentifier, credential: ASPasswordCredential,
                            title: String?, sessionID: String, event: Event) {
        self.init(serviceIdentifier: serviceIdentifier, credential: credential, title: title, sessionID: sessionID,
                  event: event, passwordKind: nil)
    }

    public convenience init(serviceIdentifier: ASCredentialServiceIdentifier, credential: ASPasswordCredential,
                            sessionID: String, event: Event, passwordKind: ASGeneratedPassword.Kind?) {
        self.init(serviceIdentifier: serviceIdentifier, credential: credential, title: nil, sessionID: sessionID,
                  event: event, passwordKind: passwordKind)
    }

    /// https://developer.apple.com/documentation/authenticationservices/assavepasswordrequest/init(serviceidentifier:credential:title:sessionid:event:passwordkind:)
    public init(serviceIdentifier: ASCredentialServiceIdentifier, credential: ASPasswordCredential, title: String?,
                sessionID: String, event: Event, passwordKind: ASGeneratedPassword.Kind?) {
        storedServiceIdentifier = serviceIdentifier
        storedCredential = credential
        storedTitle = title
        storedSessionID = sessionID
        storedEvent = event
        storedPasswordKind = passwordKind
    }

    open var serviceIdentifier: ASCredentialServiceIdentifier { storedServiceIdentifier }
    open var credential: ASPasswordCredential { storedCredential }
    /// A user-displayable name for the credential, independent of the service identifier.
    open var title: String? { storedTitle }
    open var sessionID: String { storedSessionID }
    open var event: Event { storedEvent }
    open var passwordKind: ASGeneratedPassword.Kind? { storedPasswordKind }
}

/// `ASGeneratePasswordsRequest`, iOS 26.2+. https://developer.apple.com/documentation/authenticationservices/asgeneratepasswordsrequest
@available(iOS 26.2, *)
open class ASGeneratePasswordsRequest: NSObject, @unchecked Sendable {
    private let storedServiceIdentifier: ASCredentialServiceIdentifier
    private let storedPasswordFieldPasswordRules: String?
    private let storedConfirmPasswordFieldPasswordRules: String?
    private let storedPasswordRulesFromQuirks: String?

    /// https://developer.apple.com/documentation/authenticationservices/asgeneratepasswordsrequest/init(serviceidentifier:passwordfieldpasswordrules:confirmpasswordfieldpasswordrules:passwordrulesfromquirks:)
    public init(serviceIdentifier: ASCredentialServiceIdentifier, passwordFieldPasswordRules: String?,
                confirmPasswordFieldPasswordRules: String?, passwordRulesFromQuirks: String?) {
        storedServiceIdentifier = serviceIdentifier
        storedPasswordFieldPasswordRules = passwordFieldPasswordRules
        storedConfirmPasswordFieldPasswordRules = confirmPasswordFieldPasswordRules
        storedPasswordRulesFromQuirks = passwordRulesFromQuirks
    }

    open var serviceIdentifier: ASCredentialServiceIdentifier { storedServiceIdentifier }
    open var passwordFieldPasswordRules: String? { storedPasswordFieldPasswordRules }
    open var confirmPasswordFieldPasswordRules: String? { storedConfirmPasswordFieldPasswordRules }
    open var passwordRulesFromQuirks: String? { storedPasswordRulesFromQuirks }
}
