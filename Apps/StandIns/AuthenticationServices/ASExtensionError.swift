// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation

/// `ASExtensionErrorDomain`, iOS 12.0+. https://developer.apple.com/documentation/authenticationservices/asextensionerrordomain
/// https://developer.apple.com/documentation/authenticationservices/asextensionerrordomain
public let ASExtensionErrorDomain = "ASExtensionErrorDomain"

/// `ASExtensionError`, iOS 12.0+. https://developer.apple.com/documentation/authenticationservices/asextensionerror
public struct ASExtensionError: CustomNSError, Hashable, Sendable {
    /// `ASExtensionError.Code`; an Objective-C enum, so switches need `@unknown default` (this module is built with
    /// library evolution to demand the same). https://developer.apple.com/documentation/authenticationservices/asextensionerror/code
    public enum Code: Int, Sendable {
        case failed = 0
        case userCanceled = 1
        case userInteractionRequired = 100
        case credentialIdentityNotFound = 101
        /// iOS 18.0+.
        @available(iOS 18.0, macOS 15.0, *)
        case matchedExcludedCredential = 102
    }

    public let code: Code

    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
    }

    public static var errorDomain: String { ASExtensionErrorDomain }
    public var errorCode: Int { code.rawValue }

    public static let failed = Code.failed
    public static let userCanceled = Code.userCanceled
    public static let userInteractionRequired = Code.userInteractionRequired
    public static let credentialIdentityNotFound = Code.credentialIdentityNotFound
}

/// `ASCredentialIdentityStoreErrorDomain`, iOS 12.0+.
/// https://developer.apple.com/documentation/authenticationservices/ascredentialidentitystoreerrordomain
public let ASCredentialIdentityStoreErrorDomain = "ASCredentialIdentityStoreErrorDomain"

/// `ASCredentialIdentityStoreError`, iOS 12.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialidentitystoreerror
/// https://developer.apple.com/documentation/authenticationservices/ascredentialidentitystoreerror
public struct ASCredentialIdentityStoreError: CustomNSError, Hashable, Sendable {
    public enum Code: Int, Sendable {
        case internalError = 0
        case storeDisabled = 1
        case storeBusy = 2
    }

    public let code: Code

    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
    }

    public static var errorDomain: String { ASCredentialIdentityStoreErrorDomain }
    public var errorCode: Int { code.rawValue }
}
