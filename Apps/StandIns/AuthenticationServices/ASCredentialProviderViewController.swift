// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
//
// Follows AuthenticationServices.framework/Headers/ASCredentialProviderViewController.h of the iPhoneOS 26.2 SDK as
// Swift imports it: a UIViewController subclass, so main-actor isolated and not Sendable; `extensionContext` is
// read-only and never nil. The availability of each entry point is the header's, for iOS.
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation
import UIKit

/// `ASCredentialProviderViewController`, iOS 12.0+: every entry point the system calls, with Apple's default
/// behaviour of doing nothing. https://developer.apple.com/documentation/authenticationservices/ascredentialproviderviewcontroller
@available(iOS 12.0, *)
@MainActor
open class ASCredentialProviderViewController: UIViewController {
    private var context = ASCredentialProviderExtensionContext()

    /// Set by the system before it calls an entry point; tests read what the extension answered on it.
    open var extensionContext: ASCredentialProviderExtensionContext { context }

    /// Stand-in only: the system hands each request its context.
    public func standInAttach(_ context: ASCredentialProviderExtensionContext) {
        self.context = context
    }

    /// iOS 12.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialproviderviewcontroller/preparecredentiallist(for:)
    open func prepareCredentialList(for serviceIdentifiers: [ASCredentialServiceIdentifier]) {}

    /// iOS 17.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialproviderviewcontroller/preparecredentiallist(for:requestparameters:)
    @available(iOS 17.0, *)
    open func prepareCredentialList(for serviceIdentifiers: [ASCredentialServiceIdentifier],
                                    requestParameters: ASPasskeyCredentialRequestParameters) {}

    /// iOS 18.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialproviderviewcontroller/prepareonetimecodecredentiallist(for:)
    @available(iOS 18.0, *)
    open func prepareOneTimeCodeCredentialList(for serviceIdentifiers: [ASCredentialServiceIdentifier]) {}

    /// iOS/iPadOS 18.0+ only (not macOS, Mac Catalyst, visionOS); offered when Info.plist's capabilities say
    /// `ProvidesTextToInsert`. https://developer.apple.com/documentation/authenticationservices/ascredentialproviderviewcontroller/prepareinterfaceforuserchoosingtexttoinsert()
    @available(iOS 18.0, *)
    @available(macOS, unavailable)
    @available(macCatalyst, unavailable)
    @available(visionOS, unavailable)
    open func prepareInterfaceForUserChoosingTextToInsert() {}

    /// iOS 12.0–17.0, deprecated. https://developer.apple.com/documentation/authenticationservices/ascredentialproviderviewcontroller/providecredentialwithoutuserinteraction(for:)-7jlg0
    @available(iOS, introduced: 12.0, deprecated: 17.0)
    open func provideCredentialWithoutUserInteraction(for credentialIdentity: ASPasswordCredentialIdentity) {}

    /// iOS 17.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialproviderviewcontroller/providecredentialwithoutuserinteraction(for:)-3mo23
    @available(iOS 17.0, *)
    open func provideCredentialWithoutUserInteraction(for credentialRequest: any ASCredentialRequest) {}

    /// iOS 12.0–17.0, deprecated. https://developer.apple.com/documentation/authenticationservices/ascredentialproviderviewcontroller/prepareinterfacetoprovidecredential(for:)-18ukb
    @available(iOS, introduced: 12.0, deprecated: 17.0)
    open func prepareInterfaceToProvideCredential(for credentialIdentity: ASPasswordCredentialIdentity) {}

    /// iOS 17.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialproviderviewcontroller/prepareinterfacetoprovidecredential(for:)-68qpo
    @available(iOS 17.0, *)
    open func prepareInterfaceToProvideCredential(for credentialRequest: any ASCredentialRequest) {}

    /// iOS 12.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialproviderviewcontroller/prepareinterfaceforextensionconfiguration()
    open func prepareInterfaceForExtensionConfiguration() {}

    /// iOS 17.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialproviderviewcontroller/prepareinterface(forpasskeyregistration:)
    @available(iOS 17.0, *)
    open func prepareInterface(forPasskeyRegistration registrationRequest: any ASCredentialRequest) {}

    /// iOS 18.0+, macOS 15.0+ (conditional passkey registration; needs `SupportsConditionalPasskeyRegistration`).
    /// No UI; `userInteractionRequired` counts as any other error.
    /// https://developer.apple.com/documentation/authenticationservices/ascredentialproviderviewcontroller/performwithoutuserinteractionifpossible(passkeyregistration:)
    @available(iOS 18.0, *)
    open func performWithoutUserInteractionIfPossible(passkeyRegistration registrationRequest: ASPasskeyCredentialRequest) {}

    /// iOS 26.2+. https://developer.apple.com/documentation/authenticationservices/ascredentialproviderviewcontroller/performwithoutuserinteractionifpossible(savepasswordrequest:)
    @available(iOS 26.2, *)
    open func performWithoutUserInteractionIfPossible(savePasswordRequest: ASSavePasswordRequest) {}

    /// iOS 26.2+. https://developer.apple.com/documentation/authenticationservices/ascredentialproviderviewcontroller/prepareinterface(for:)-69elg
    @available(iOS 26.2, *)
    open func prepareInterface(for savePasswordRequest: ASSavePasswordRequest) {}

    /// iOS 26.2+. https://developer.apple.com/documentation/authenticationservices/ascredentialproviderviewcontroller/performwithoutuserinteraction(generatepasswordsrequest:)
    @available(iOS 26.2, *)
    open func performWithoutUserInteraction(generatePasswordsRequest: ASGeneratePasswordsRequest) {}

    /// iOS 26.2+ (the class page's "Instance Methods": https://developer.apple.com/documentation/authenticationservices/ascredentialproviderviewcontroller).
    @available(iOS 26.2, *)
    open func prepareInterface(for generatePasswordsRequest: ASGeneratePasswordsRequest) {}
}
