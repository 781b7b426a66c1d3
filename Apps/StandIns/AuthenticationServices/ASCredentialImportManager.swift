// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
//
// Follows the Swift overlay of the iPhoneOS 26.2 SDK (AuthenticationServices.swiftinterface), iOS 26.0+: a plain
// Swift class, neither Sendable nor actor isolated, with a public `init()` and one `async throws` method.
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation
import Synchronization

/// Receives what another app exported to this one, by the token of the launching user activity.
/// https://developer.apple.com/documentation/authenticationservices/ascredentialimportmanager
///
/// The stand-in's system side is a table of offers: a test (or a ``StandInCredentialExchange``) offers the data an
/// exporter chose to send and gets the token the system would put in the activity. As on a device, a token is good
/// for one import; an unknown or used token throws.
@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
@available(watchOS, unavailable)
@available(tvOS, unavailable)
public class ASCredentialImportManager {
    private static let offers = Mutex<[UUID: ASExportedCredentialData]>([:])

    public init() {}

    /// https://developer.apple.com/documentation/authenticationservices/ascredentialimportmanager/importcredentials(token:)
    public func importCredentials(token: UUID) async throws -> ASExportedCredentialData {
        guard let data = Self.offers.withLock({ $0.removeValue(forKey: token) }) else {
            throw ASExtensionError(.failed)
        }
        return data
    }

    /// Stand-in only: what an exporting app sends to this one; answers the token the launching activity carries.
    public static func standInOffer(_ data: ASExportedCredentialData) -> UUID {
        let token = UUID()
        offers.withLock { $0[token] = data }
        return token
    }
}
