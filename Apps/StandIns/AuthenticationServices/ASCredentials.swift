// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
//
// Follows AuthenticationServices.framework/Headers/ASAuthorizationCredential.h, ASPasswordCredential.h,
// ASOneTimeCodeCredential.h, ASPasskeyAssertionCredential.h, ASPasskeyRegistrationCredential.h and
// ASGeneratedPassword.h of the iPhoneOS 26.2 SDK, with the Swift overlay's additions
// (AuthenticationServices.swiftinterface), as Swift imports them. Sendable exactly where the SDK says so:
// `ASPasswordCredential` (the overlay, iOS 16.4) and `ASGeneratedPassword` (NS_SWIFT_SENDABLE); the one-time-code
// and passkey credentials are not. NSCopying and NSSecureCoding are left out (stricter, never kinder).
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation

/// `ASAuthorizationCredential`, iOS 13.0+. https://developer.apple.com/documentation/authenticationservices/asauthorizationcredential
@available(iOS 13.0, *)
public protocol ASAuthorizationCredential: NSObjectProtocol {}

/// `ASPasswordCredential`, iOS 12.0+. https://developer.apple.com/documentation/authenticationservices/aspasswordcredential
@available(iOS 12.0, *)
open class ASPasswordCredential: NSObject, ASAuthorizationCredential {
    private let storedUser: String
    private let storedPassword: String

    /// https://developer.apple.com/documentation/authenticationservices/aspasswordcredential/init(user:password:)
    public init(user: String, password: String) {
        storedUser = user
        storedPassword = password
    }

    open var user: String { storedUser }
    open var password: String { storedPassword }
}

@available(iOS 16.4, *)
extension ASPasswordCredential: @unchecked Sendable {}

/// `ASOneTimeCodeCredential`, iOS 18.0+. https://developer.apple.com/documentation/authenticationservices/asonetimecodecredential
@available(iOS 18.0, *)
open class ASOneTimeCodeCredential: NSObject, ASAuthorizationCredential {
    private let storedCode: String

    public init(code: String) {
        storedCode = code
    }

    open var code: String { storedCode }
}

/// `ASPasskeyAssertionCredential`, iOS 17.0+ (the iOS 17 initializer; iOS 18's extension-output variants are not
/// needed yet). https://developer.apple.com/documentation/authenticationservices/aspasskeyassertioncredential
@available(iOS 17.0, *)
open class ASPasskeyAssertionCredential: NSObject, ASAuthorizationCredential {
    private let storedUserHandle: Data
    private let storedRelyingParty: String
    private let storedSignature: Data
    private let storedClientDataHash: Data
    private let storedAuthenticatorData: Data
    private let storedCredentialID: Data

    /// https://developer.apple.com/documentation/authenticationservices/aspasskeyassertioncredential/init(userhandle:relyingparty:signature:clientdatahash:authenticatordata:credentialid:)
    public init(userHandle: Data, relyingParty: String, signature: Data, clientDataHash: Data,
                authenticatorData: Data, credentialID: Data) {
        storedUserHandle = userHandle
        storedRelyingParty = relyingParty
        storedSignature = signature
        storedClientDataHash = clientDataHash
        storedAuthenticatorData = authenticatorData
        storedCredentialID = credentialID
    }

    open var userHandle: Data { storedUserHandle }
    open var relyingParty: String { storedRelyingParty }
    open var signature: Data { storedSignature }
    open var clientDataHash: Data { storedClientDataHash }
    open var authenticatorData: Data { storedAuthenticatorData }
    open var credentialID: Data { storedCredentialID }
}

/// `ASPasskeyRegistrationCredential`, iOS 17.0+.
/// https://developer.apple.com/documentation/authenticationservices/aspasskeyregistrationcredential
@available(iOS 17.0, *)
open class ASPasskeyRegistrationCredential: NSObject, ASAuthorizationCredential {
    private let storedRelyingParty: String
    private let storedClientDataHash: Data
    private let storedCredentialID: Data
    private let storedAttestationObject: Data

    /// https://developer.apple.com/documentation/authenticationservices/aspasskeyregistrationcredential/init(relyingparty:clientdatahash:credentialid:attestationobject:)
    public init(relyingParty: String, clientDataHash: Data, credentialID: Data, attestationObject: Data) {
        storedRelyingParty = relyingParty
        storedClientDataHash = clientDataHash
        storedCredentialID = credentialID
        storedAttestationObject = attestationObject
    }

    open var relyingParty: String { storedRelyingParty }
    open var clientDataHash: Data { storedClientDataHash }
    open var credentialID: Data { storedCredentialID }
    open var attestationObject: Data { storedAttestationObject }
}

/// `ASGeneratedPassword`, iOS 26.2+. https://developer.apple.com/documentation/authenticationservices/asgeneratedpassword
@available(iOS 26.2, *)
open class ASGeneratedPassword: NSObject, @unchecked Sendable {
    /// https://developer.apple.com/documentation/authenticationservices/asgeneratedpassword/kind-swift.struct
    @available(iOS 26.2, *)
    public struct Kind: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        /// Letters and digits only ("without special characters").
        public static let alphanumeric = Kind("alphanumeric")
        /// Several words.
        public static let passphrase = Kind("passphrase")
        /// Letters, digits and special characters.
        public static let strong = Kind("strong")
    }

    private let storedKind: Kind
    private let storedValue: String

    /// https://developer.apple.com/documentation/authenticationservices/asgeneratedpassword/init(kind:value:)
    public init(kind: Kind, value: String) {
        storedKind = kind
        storedValue = value
    }

    open var kind: Kind { storedKind }
    open var value: String { storedValue }
    /// The user-visible description, derived from the kind.
    open var localizedName: String { storedKind.rawValue }
}
