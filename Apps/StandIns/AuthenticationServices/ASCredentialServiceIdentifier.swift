// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation

/// `ASCredentialServiceIdentifier`, iOS 12.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialserviceidentifier
/// https://developer.apple.com/documentation/authenticationservices/ascredentialserviceidentifier
open class ASCredentialServiceIdentifier: @unchecked Sendable {
    /// https://developer.apple.com/documentation/authenticationservices/ascredentialserviceidentifier/identifiertype-swift.enum
    public enum IdentifierType: Int, Sendable {
        case domain = 0
        case URL = 1
        /// iOS 26.2+: an App ID; `displayName` then holds the app's name.
        @available(iOS 26.2, macOS 26.2, *)
        case app = 2
    }

    public let identifier: String
    public let type: IdentifierType
    /// iOS 26.2+.
    @available(iOS 26.2, macOS 26.2, *)
    public var displayName: String? { storedDisplayName ?? identifier }
    private let storedDisplayName: String?

    /// https://developer.apple.com/documentation/authenticationservices/ascredentialserviceidentifier/init(identifier:type:)
    public init(identifier: String, type: IdentifierType) {
        self.identifier = identifier
        self.type = type
        storedDisplayName = nil
    }

    /// iOS 26.2+.
    @available(iOS 26.2, macOS 26.2, *)
    public init(identifier: String, type: IdentifierType, displayName: String) {
        self.identifier = identifier
        self.type = type
        storedDisplayName = displayName
    }
}
