// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
//
// Follows the Swift overlay of the iPhoneOS 26.2 SDK (AuthenticationServices.swiftinterface), iOS 26.0+: Codable,
// Hashable, Sendable structs of `var`s.
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation

/// One account of the exporting app (CXF's Account).
/// https://developer.apple.com/documentation/authenticationservices/asimportableaccount
@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
@available(watchOS, unavailable)
@available(tvOS, unavailable)
public struct ASImportableAccount: Codable, Hashable, Sendable {
    public var id: Data
    public var userName: String
    public var email: String
    public var fullName: String?
    public var collections: [ASImportableCollection]
    public var items: [ASImportableItem]

    public init(id: Data, userName: String, email: String, fullName: String? = nil,
                collections: [ASImportableCollection], items: [ASImportableItem]) {
        self.id = id
        self.userName = userName
        self.email = email
        self.fullName = fullName
        self.collections = collections
        self.items = items
    }
}
