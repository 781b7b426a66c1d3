// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
//
// Follows the Swift overlay of the iPhoneOS 26.2 SDK (AuthenticationServices.swiftinterface), iOS 26.0+: a
// Codable, Hashable, Sendable struct whose header fields are `let` and whose accounts are `var`.
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation

/// What one credential exchange carries: the exporting app and its accounts (CXF's header).
/// https://developer.apple.com/documentation/authenticationservices/asexportedcredentialdata
@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
@available(watchOS, unavailable)
@available(tvOS, unavailable)
public struct ASExportedCredentialData: Codable, Hashable, Sendable {
    public enum FormatVersion: String, CaseIterable, Codable, Equatable, Hashable, Sendable {
        case v1
    }

    public let formatVersion: FormatVersion
    public let exporterRelyingPartyIdentifier: String
    public let exporterDisplayName: String
    public let timestamp: Date
    public var accounts: [ASImportableAccount]

    public init(accounts: [ASImportableAccount], formatVersion: FormatVersion, exporterRelyingPartyIdentifier: String,
                exporterDisplayName: String, timestamp: Date) {
        self.accounts = accounts
        self.formatVersion = formatVersion
        self.exporterRelyingPartyIdentifier = exporterRelyingPartyIdentifier
        self.exporterDisplayName = exporterDisplayName
        self.timestamp = timestamp
    }
}
