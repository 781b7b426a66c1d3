// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
//
// Follows AuthenticationServices.framework/Headers/ASAuthorizationPublicKeyCredentialConstants.h and ASCOSEConstants.h
// of the iPhoneOS 26.2 SDK as Swift imports them (NS_TYPED_EXTENSIBLE_ENUMs: Sendable structs): only the constants
// a passkey request is made with.
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

/// `ASAuthorizationPublicKeyCredentialUserVerificationPreference`, iOS 15.0+.
/// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialuserverificationpreference
@available(iOS 15.0, *)
public struct ASAuthorizationPublicKeyCredentialUserVerificationPreference: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let preferred = Self("preferred")
    public static let required = Self("required")
    public static let discouraged = Self("discouraged")
}

/// `ASCOSEAlgorithmIdentifier`, iOS 15.0+. https://developer.apple.com/documentation/authenticationservices/ascosealgorithmidentifier
@available(iOS 15.0, *)
public struct ASCOSEAlgorithmIdentifier: Hashable, RawRepresentable, Sendable {
    public let rawValue: Int
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// ECDSA with SHA-256 (COSE -7).
    public static var ES256: ASCOSEAlgorithmIdentifier { Self(-7) }
}
