// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
//
// Follows the Swift overlay of the iPhoneOS 26.2 SDK (AuthenticationServices.swiftinterface), iOS 26.0+. The raw
// values of `FieldType` are not Sesame's business: the bridge maps each case by name.
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation

/// A value the person can edit (CXF's EditableField).
/// https://developer.apple.com/documentation/authenticationservices/asimportableeditablefield
@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
@available(watchOS, unavailable)
@available(tvOS, unavailable)
public struct ASImportableEditableField: Codable, Hashable, Sendable {
    public enum FieldType: String, Codable, Hashable, Sendable {
        case string
        case concealedString
        case email
        case number
        case boolean
        case date
        case yearMonth
        case wifiNetworkSecurityType
        case countryCode
        case subdivisionCode
    }

    public var id: Data?
    public var fieldType: FieldType
    public var value: String
    public var label: String?

    public init(id: Data?, fieldType: FieldType, value: String, label: String? = nil) {
        self.id = id
        self.fieldType = fieldType
        self.value = value
        self.label = label
    }
}
