// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
//
// Follows the Swift overlay of the iPhoneOS 26.2 SDK (AuthenticationServices.swiftinterface), iOS 26.0+: a plain
// Swift class, neither Sendable nor actor isolated, made only with `init(presentationAnchor:)` (the SDK has no other
// public initializer); `ExportOptions` is Codable and Hashable but not Sendable. `ASPresentationAnchor` follows
// ASFoundation.h: a `UIWindow` on iOS.
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation
import Synchronization
import UIKit

/// `ASPresentationAnchor`, iOS 13.0+. https://developer.apple.com/documentation/authenticationservices/aspresentationanchor
@available(iOS 13.0, *)
public typealias ASPresentationAnchor = UIWindow

/// Sends credentials to the app the person picks in the system's export sheet.
/// https://developer.apple.com/documentation/authenticationservices/ascredentialexportmanager
///
/// The stand-in's sheet and importing apps are a ``StandInCredentialExchange``: the person picks an importer or
/// cancels there, and what is sent is offered through ``ASCredentialImportManager/standInOffer(_:)``, its token
/// recorded. As on a device, ``exportCredentials(_:)`` without a granted ``requestExport(for:)`` before it throws.
@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
@available(watchOS, unavailable)
@available(tvOS, unavailable)
public class ASCredentialExportManager {
    public struct ExportOptions: Codable, Equatable, Hashable {
        public let formatVersion: ASExportedCredentialData.FormatVersion
    }

    private static let sharedExchange = StandInCredentialExchange()
    private let exchange: StandInCredentialExchange
    private var granted = false

    /// https://developer.apple.com/documentation/authenticationservices/ascredentialexportmanager/init(presentationanchor:)
    public convenience init(presentationAnchor: ASPresentationAnchor) {
        self.init(standInExchange: Self.sharedExchange)
    }

    /// Stand-in only: a manager whose sheet is `exchange` (tests make one each, so that they can run in parallel).
    public init(standInExchange exchange: StandInCredentialExchange) {
        self.exchange = exchange
    }

    /// Shows the system's sheet (the risks, then the apps that import); answers the format the chosen app reads.
    /// https://developer.apple.com/documentation/authenticationservices/ascredentialexportmanager/requestexport(for:)
    public func requestExport(for extensionBundleIdentifier: String? = nil) async throws -> ExportOptions {
        granted = exchange.showSheet()
        guard granted else { throw ASExtensionError(.userCanceled) }
        return ExportOptions(formatVersion: .v1)
    }

    /// Hands the data to the chosen app, which the system launches with an import token.
    /// https://developer.apple.com/documentation/authenticationservices/ascredentialexportmanager/exportcredentials(_:)
    public func exportCredentials(_ credentialData: ASExportedCredentialData) async throws {
        guard granted else { throw ASExtensionError(.failed) }
        granted = false
        exchange.send(credentialData)
    }
}

/// Stand-in only: the system's export sheet and the importing apps behind it, shared with the tests that watch it.
public final class StandInCredentialExchange: Sendable {
    public enum Choice: Sendable {
        case anImporter
        case cancel
    }

    private struct State {
        var choice = Choice.anImporter
        var sheets = 0
        var tokens: [UUID] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// What the person will do in the sheet (an importer is picked unless told otherwise).
    public var personChooses: Choice {
        get { state.withLock { $0.choice } }
        set { state.withLock { $0.choice = newValue } }
    }

    /// How often the sheet was shown.
    public var sheetsShown: Int { state.withLock { $0.sheets } }

    /// The import tokens of the exports that went out, oldest first.
    public var importTokens: [UUID] { state.withLock { $0.tokens } }

    func showSheet() -> Bool {
        state.withLock { state in
            state.sheets += 1
            return state.choice == .anImporter
        }
    }

    func send(_ data: ASExportedCredentialData) {
        let token = ASCredentialImportManager.standInOffer(data)
        state.withLock { $0.tokens.append(token) }
    }
}
