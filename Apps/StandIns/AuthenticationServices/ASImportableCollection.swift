// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
//
// Follows the Swift overlay of the iPhoneOS 26.2 SDK (AuthenticationServices.swiftinterface), iOS 26.0+: Codable,
// Hashable, Sendable structs of `var`s.
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation

/// A folder of the exporting app (CXF's Collection).
/// https://developer.apple.com/documentation/authenticationservices/asimportablecollection
@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
@available(watchOS, unavailable)
@available(tvOS, unavailable)
public struct ASImportableCollection: Codable, Hashable, Sendable {
    public var id: Data
    public var created: Date?
    public var lastModified: Date?
    public var title: String
    public var subtitle: String?
    public var items: [ASImportableLinkedItem]
    public var subcollections: [ASImportableCollection]

    public init(id: Data, created: Date?, lastModified: Date?, title: String, subtitle: String? = nil,
                items: [ASImportableLinkedItem], subcollections: [ASImportableCollection] = []) {
        self.id = id
        self.created = created
        self.lastModified = lastModified
        self.title = title
        self.subtitle = subtitle
        self.items = items
        self.subcollections = subcollections
    }
}

/// An item of a collection, by id (CXF's LinkedItem).
/// https://developer.apple.com/documentation/authenticationservices/asimportablelinkeditem
@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
@available(watchOS, unavailable)
@available(tvOS, unavailable)
public struct ASImportableLinkedItem: Codable, Hashable, Sendable {
    public var item: Data
    public var account: Data?

    public init(item: Data, account: Data? = nil) {
        self.item = item
        self.account = account
    }
}
