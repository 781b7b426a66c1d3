// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation

/// `ASPasswordCredential`, iOS 12.0+. https://developer.apple.com/documentation/authenticationservices/aspasswordcredential
open class ASPasswordCredential: @unchecked Sendable {
    public let user: String
    public let password: String

    /// https://developer.apple.com/documentation/authenticationservices/aspasswordcredential/init(user:password:)
    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }
}

/// `ASOneTimeCodeCredential`, iOS 18.0+. https://developer.apple.com/documentation/authenticationservices/asonetimecodecredential
@available(iOS 18.0, macOS 15.0, *)
open class ASOneTimeCodeCredential: @unchecked Sendable {
    public let code: String

    public init(code: String) {
        self.code = code
    }
}

/// `ASPasskeyAssertionCredential`, iOS 17.0+ (the iOS 17 initializer; iOS 18's extension-output variants are not
/// needed yet). https://developer.apple.com/documentation/authenticationservices/aspasskeyassertioncredential
@available(iOS 17.0, macOS 14.0, *)
open class ASPasskeyAssertionCredential: @unchecked Sendable {
    public let userHandle: Data
    public let relyingParty: String
    public let signature: Data
    public let clientDataHash: Data
    public let authenticatorData: Data
    public let credentialID: Data

    /// https://developer.apple.com/documentation/authenticationservices/aspasskeyassertioncredential/init(userhandle:relyingparty:signature:clientdatahash:authenticatordata:credentialid:)
    public init(userHandle: Data, relyingParty: String, signature: Data, clientDataHash: Data,
                authenticatorData: Data, credentialID: Data) {
        self.userHandle = userHandle
        self.relyingParty = relyingParty
        self.signature = signature
        self.clientDataHash = clientDataHash
        self.authenticatorData = authenticatorData
        self.credentialID = credentialID
    }
}

/// `ASPasskeyRegistrationCredential`, iOS 17.0+.
/// https://developer.apple.com/documentation/authenticationservices/aspasskeyregistrationcredential
@available(iOS 17.0, macOS 14.0, *)
open class ASPasskeyRegistrationCredential: @unchecked Sendable {
    public let relyingParty: String
    public let clientDataHash: Data
    public let credentialID: Data
    public let attestationObject: Data

    /// https://developer.apple.com/documentation/authenticationservices/aspasskeyregistrationcredential/init(relyingparty:clientdatahash:credentialid:attestationobject:)
    public init(relyingParty: String, clientDataHash: Data, credentialID: Data, attestationObject: Data) {
        self.relyingParty = relyingParty
        self.clientDataHash = clientDataHash
        self.credentialID = credentialID
        self.attestationObject = attestationObject
    }
}

/// `ASGeneratedPassword`, iOS 26.2+. https://developer.apple.com/documentation/authenticationservices/asgeneratedpassword
@available(iOS 26.2, *)
open class ASGeneratedPassword: @unchecked Sendable {
    /// https://developer.apple.com/documentation/authenticationservices/asgeneratedpassword/kind-swift.struct
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

    public let kind: Kind
    public let value: String
    /// The user-visible description, derived from the kind.
    public var localizedName: String { kind.rawValue }

    /// https://developer.apple.com/documentation/authenticationservices/asgeneratedpassword/init(kind:value:)
    public init(kind: Kind, value: String) {
        self.kind = kind
        self.value = value
    }
}
