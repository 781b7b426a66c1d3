// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation
import Synchronization

/// `ASSettingsHelper`, iOS 17.0+. https://developer.apple.com/documentation/authenticationservices/assettingshelper
///
/// The stand-in counts the calls and turns the provider on in ``ASCredentialIdentityStore/shared`` when asked to
/// (the user accepts), so a test can follow the app's "turn AutoFill on" flow.
@available(iOS 17.0, macOS 14.0, *)
public final class ASSettingsHelper: Sendable {
    private static let openedSettings = Mutex(0)

    /// Stand-in only: how often the app opened the provider settings.
    public static var standInSettingsOpened: Int { openedSettings.withLock { $0 } }

    /// https://developer.apple.com/documentation/authenticationservices/assettingshelper/opencredentialproviderappsettings(completionhandler:)
    public class func openCredentialProviderAppSettings(completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        openedSettings.withLock { $0 += 1 }
        completionHandler?(nil)
    }

    public class func openCredentialProviderAppSettings() async throws {
        openCredentialProviderAppSettings(completionHandler: nil)
    }

    /// iOS 18.0+: prompts if the extension is off; answers whether it is on.
    /// https://developer.apple.com/documentation/authenticationservices/assettingshelper/requesttoturnoncredentialproviderextension(completionhandler:)
    @available(iOS 18.0, macOS 15.0, *)
    public class func requestToTurnOnCredentialProviderExtension(
        completionHandler: @escaping @Sendable (Bool) -> Void
    ) {
        let store = ASCredentialIdentityStore.shared
        if store.standInUserAcceptsTurningOn { store.standInSetEnabled(true) }
        store.getState { completionHandler($0.isEnabled) }
    }

    @available(iOS 18.0, macOS 15.0, *)
    public class func requestToTurnOnCredentialProviderExtension() async -> Bool {
        await withCheckedContinuation { continuation in
            requestToTurnOnCredentialProviderExtension { continuation.resume(returning: $0) }
        }
    }
}
