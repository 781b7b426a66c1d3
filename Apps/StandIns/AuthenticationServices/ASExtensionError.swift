// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
//
// Follows AuthenticationServices.framework/Headers/ASExtensionErrors.h and ASCredentialIdentityStore.h (its error
// domain and codes) of the iPhoneOS 26.2 SDK as Swift imports them: NS_ERROR_ENUMs become `CustomNSError` structs
// with a nested `Code`, Sendable as every `Error` is.
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation

/// `ASExtensionErrorDomain`, iOS 12.0+. https://developer.apple.com/documentation/authenticationservices/asextensionerrordomain
@available(iOS 12.0, *)
public let ASExtensionErrorDomain = "ASExtensionErrorDomain"

/// `ASExtensionError`, iOS 12.0+. https://developer.apple.com/documentation/authenticationservices/asextensionerror
@available(iOS 12.0, *)
public struct ASExtensionError: CustomNSError, Hashable {
    /// `ASExtensionError.Code`; an Objective-C enum, so switches need `@unknown default` (this module is built with
    /// library evolution to demand the same). https://developer.apple.com/documentation/authenticationservices/asextensionerror/code
    @available(iOS 12.0, *)
    public enum Code: Int, Sendable {
        case failed = 0
        case userCanceled = 1
        case userInteractionRequired = 100
        case credentialIdentityNotFound = 101
        @available(iOS 18.0, *)
        case matchedExcludedCredential = 102
    }

    public let code: Code

    /// What Foundation's bridging gives every imported error struct.
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
    }

    public static var errorDomain: String { ASExtensionErrorDomain }
    public var errorCode: Int { code.rawValue }

    public static var failed: Code { .failed }
    public static var userCanceled: Code { .userCanceled }
    public static var userInteractionRequired: Code { .userInteractionRequired }
    public static var credentialIdentityNotFound: Code { .credentialIdentityNotFound }
    @available(iOS 18.0, *)
    public static var matchedExcludedCredential: Code { .matchedExcludedCredential }
}

/// `ASCredentialIdentityStoreErrorDomain`, iOS 12.0+.
/// https://developer.apple.com/documentation/authenticationservices/ascredentialidentitystoreerrordomain
@available(iOS 12.0, *)
public let ASCredentialIdentityStoreErrorDomain = "ASCredentialIdentityStoreErrorDomain"

/// `ASCredentialIdentityStoreError`, iOS 12.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialidentitystoreerror
@available(iOS 12.0, *)
public struct ASCredentialIdentityStoreError: CustomNSError, Hashable {
    @available(iOS 12.0, *)
    public enum Code: Int, Sendable {
        case internalError = 0
        case storeDisabled = 1
        case storeBusy = 2
    }

    public let code: Code

    /// What Foundation's bridging gives every imported error struct.
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
    }

    public static var errorDomain: String { ASCredentialIdentityStoreErrorDomain }
    public var errorCode: Int { code.rawValue }

    public static var internalError: Code { .internalError }
    public static var storeDisabled: Code { .storeDisabled }
    public static var storeBusy: Code { .storeBusy }
}
