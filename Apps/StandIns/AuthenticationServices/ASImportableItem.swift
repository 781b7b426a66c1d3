// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
//
// Follows the Swift overlay of the iPhoneOS 26.2 SDK (AuthenticationServices.swiftinterface), iOS 26.0+: Codable,
// Hashable, Sendable structs of `var`s. The initializer without dates is iOS 26.1+, the one with dates 26.0+.
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation

/// One entry of the exporting app (CXF's Item).
/// https://developer.apple.com/documentation/authenticationservices/asimportableitem
@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
@available(watchOS, unavailable)
@available(tvOS, unavailable)
public struct ASImportableItem: Codable, Hashable, Sendable {
    public var id: Data
    public var created: Date?
    public var lastModified: Date?
    public var title: String
    public var subtitle: String?
    public var favorite: Bool
    public var scope: ASImportableCredentialScope?
    public var tags: [String]
    public var credentials: [ASImportableCredential]

    @available(iOS 26.1, macOS 26.1, visionOS 26.1, *)
    @available(watchOS, unavailable)
    @available(tvOS, unavailable)
    public init(id: Data, title: String, subtitle: String? = nil, favorite: Bool = false,
                scope: ASImportableCredentialScope? = nil, credentials: [ASImportableCredential], tags: [String] = []) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.favorite = favorite
        self.scope = scope
        self.credentials = credentials
        self.tags = tags
    }

    public init(id: Data, created: Date, lastModified: Date, title: String, subtitle: String? = nil,
                favorite: Bool = false, scope: ASImportableCredentialScope? = nil,
                credentials: [ASImportableCredential], tags: [String] = []) {
        self.id = id
        self.created = created
        self.lastModified = lastModified
        self.title = title
        self.subtitle = subtitle
        self.favorite = favorite
        self.scope = scope
        self.credentials = credentials
        self.tags = tags
    }
}

/// Where an item's credentials are used: web addresses and Android apps (CXF's CredentialScope).
/// https://developer.apple.com/documentation/authenticationservices/asimportablecredentialscope
@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
@available(watchOS, unavailable)
@available(tvOS, unavailable)
public struct ASImportableCredentialScope: Codable, Hashable, Sendable {
    public var urls: [URL]
    public var androidApps: [AndroidAppID]

    public init(urls: [URL], androidApps: [AndroidAppID] = []) {
        self.urls = urls
        self.androidApps = androidApps
    }

    @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
    @available(watchOS, unavailable)
    @available(tvOS, unavailable)
    public struct AndroidAppID: Codable, Hashable, Sendable {
        public var bundleID: String
        public var certificate: AndroidAppCertificationFingerprint?
        public var name: String?

        public init(bundleID: String, certificate: AndroidAppCertificationFingerprint?, name: String?) {
            self.bundleID = bundleID
            self.certificate = certificate
            self.name = name
        }
    }

    @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
    @available(watchOS, unavailable)
    @available(tvOS, unavailable)
    public struct AndroidAppCertificationFingerprint: Codable, Hashable, Sendable {
        public var fingerprint: Data
        public var hashAlgorithm: String

        public init(fingerprint: Data, hashAlgorithm: String) {
            self.fingerprint = fingerprint
            self.hashAlgorithm = hashAlgorithm
        }
    }
}
