// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
//
// Follows AuthenticationServices.framework/Headers/ASSettingsHelper.h of the iPhoneOS 26.2 SDK as Swift imports it:
// an NSObject subclass of class methods, not Sendable, each with its `async` form.
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation
import Synchronization

/// `ASSettingsHelper`, iOS 17.0+. https://developer.apple.com/documentation/authenticationservices/assettingshelper
///
/// The stand-in counts the calls and turns the provider on in the system's shared store
/// (``ASCredentialIdentityStore/standInSharedSystem``) when asked to and the user accepts, so a test can follow the
/// app's "turn AutoFill on" flow.
@available(iOS 17.0, *)
open class ASSettingsHelper: NSObject {
    private static let openedSettings = Mutex(0)

    /// Stand-in only: how often the app opened the provider settings.
    public static var standInSettingsOpened: Int { openedSettings.withLock { $0 } }

    /// https://developer.apple.com/documentation/authenticationservices/assettingshelper/opencredentialproviderappsettings(completionhandler:)
    open class func openCredentialProviderAppSettings(completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        openedSettings.withLock { $0 += 1 }
        completionHandler?(nil)
    }

    open class func openCredentialProviderAppSettings() async throws {
        openedSettings.withLock { $0 += 1 }
    }

    /// iOS 18.0+: prompts if the extension is off; answers whether it is on.
    /// https://developer.apple.com/documentation/authenticationservices/assettingshelper/requesttoturnoncredentialproviderextension(completionhandler:)
    @available(iOS 18.0, *)
    open class func requestToTurnOnCredentialProviderExtension(
        completionHandler: @escaping @Sendable (Bool) -> Void
    ) {
        let system = ASCredentialIdentityStore.standInSharedSystem
        if system.standInUserAcceptsTurningOn { system.standInSetEnabled(true) }
        ASCredentialIdentityStore.shared.getState { completionHandler($0.isEnabled) }
    }

    @available(iOS 18.0, *)
    open class func requestToTurnOnCredentialProviderExtension() async -> Bool {
        let system = ASCredentialIdentityStore.standInSharedSystem
        if system.standInUserAcceptsTurningOn { system.standInSetEnabled(true) }
        return await ASCredentialIdentityStore.shared.state().isEnabled
    }
}
