// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
//
// Follows AuthenticationServices.framework/Headers/ASCredentialProviderExtensionContext.h of the iPhoneOS 26.2 SDK as
// Swift imports it: an NSExtensionContext, which Foundation declares explicitly not Sendable; completion handlers
// `@Sendable` except `completeRequest(withSelectedCredential:)`'s, and an `async` form beside each `@Sendable` one, so
// that in an async context the completion-handler form must be asked for explicitly, as with the SDK. Linux
// Foundation has no NSExtensionContext: the stand-in derives from NSObject.
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation
import Synchronization

/// `ASCredentialProviderExtensionContext`, iOS 12.0+ (an `NSExtensionContext` on Apple platforms).
/// https://developer.apple.com/documentation/authenticationservices/ascredentialproviderextensioncontext
///
/// The stand-in records every completion and cancellation as a ``StandInCall``, so tests see exactly what the
/// extension told the system. Members named `standIn…` exist only here: shell code must never use them
/// (scripts/apple-check.sh refuses it).
@available(iOS 12.0, *)
open class ASCredentialProviderExtensionContext: NSObject {
    /// What the extension answered, as the system would receive it.
    public enum StandInCall: Sendable, Equatable {
        case completeRequest(user: String, password: String)
        case completeOneTimeCodeRequest(code: String)
        case completeTextToInsert(text: String)
        /// Everything the relying party receives of a sign-in.
        case completeAssertionRequest(credentialID: Data, userHandle: Data, relyingParty: String, authenticatorData: Data,
                                      signature: Data, clientDataHash: Data)
        /// Everything the relying party receives of a new passkey.
        case completeRegistrationRequest(credentialID: Data, relyingParty: String, attestationObject: Data,
                                         clientDataHash: Data)
        case completeExtensionConfigurationRequest
        case completeSavePasswordRequest
        case completeGeneratePasswordRequest(kinds: [String], values: [String])
        case cancelRequest(domain: String, code: Int)
    }

    private let recorded = Mutex<[StandInCall]>([])
    /// Every call, in order, as they happen.
    public let standInCalls: AsyncStream<StandInCall>
    private let continuation: AsyncStream<StandInCall>.Continuation

    public override init() {
        (standInCalls, continuation) = AsyncStream.makeStream(of: StandInCall.self)
    }

    /// Every call made so far.
    public var standInRecordedCalls: [StandInCall] { recorded.withLock { $0 } }

    private func record(_ call: StandInCall) {
        recorded.withLock { $0.append(call) }
        continuation.yield(call)
    }

    /// iOS 12.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialproviderextensioncontext/completerequest(withselectedcredential:completionhandler:)
    open func completeRequest(withSelectedCredential credential: ASPasswordCredential,
                              completionHandler: ((Bool) -> Void)? = nil) {
        record(.completeRequest(user: credential.user, password: credential.password))
        completionHandler?(false)
    }

    /// iOS 18.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialproviderextensioncontext/completeonetimecoderequest(using:completionhandler:)
    @available(iOS 18.0, *)
    open func completeOneTimeCodeRequest(using credential: ASOneTimeCodeCredential,
                                         completionHandler: (@Sendable (Bool) -> Void)? = nil) {
        record(.completeOneTimeCodeRequest(code: credential.code))
        completionHandler?(false)
    }

    @available(iOS 18.0, *)
    open func completeOneTimeCodeRequest(using credential: ASOneTimeCodeCredential) async -> Bool {
        record(.completeOneTimeCodeRequest(code: credential.code))
        return false
    }

    /// iOS/iPadOS 18.0+ only. https://developer.apple.com/documentation/authenticationservices/ascredentialproviderextensioncontext/completerequest(withtexttoinsert:completionhandler:)
    @available(iOS 18.0, *)
    @available(macOS, unavailable)
    @available(macCatalyst, unavailable)
    @available(visionOS, unavailable)
    open func completeRequest(withTextToInsert text: String, completionHandler: (@Sendable (Bool) -> Void)? = nil) {
        record(.completeTextToInsert(text: text))
        completionHandler?(false)
    }

    @available(iOS 18.0, *)
    @available(macOS, unavailable)
    @available(macCatalyst, unavailable)
    @available(visionOS, unavailable)
    open func completeRequest(withTextToInsert text: String) async -> Bool {
        record(.completeTextToInsert(text: text))
        return false
    }

    /// iOS 17.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialproviderextensioncontext/completeassertionrequest(using:completionhandler:)
    @available(iOS 17.0, *)
    open func completeAssertionRequest(using credential: ASPasskeyAssertionCredential,
                                       completionHandler: (@Sendable (Bool) -> Void)? = nil) {
        record(.completeAssertionRequest(
            credentialID: credential.credentialID, userHandle: credential.userHandle, relyingParty: credential.relyingParty,
            authenticatorData: credential.authenticatorData, signature: credential.signature,
            clientDataHash: credential.clientDataHash))
        completionHandler?(false)
    }

    @available(iOS 17.0, *)
    open func completeAssertionRequest(using credential: ASPasskeyAssertionCredential) async -> Bool {
        record(.completeAssertionRequest(
            credentialID: credential.credentialID, userHandle: credential.userHandle, relyingParty: credential.relyingParty,
            authenticatorData: credential.authenticatorData, signature: credential.signature,
            clientDataHash: credential.clientDataHash))
        return false
    }

    /// iOS 17.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialproviderextensioncontext/completeregistrationrequest(using:completionhandler:)
    @available(iOS 17.0, *)
    open func completeRegistrationRequest(using credential: ASPasskeyRegistrationCredential,
                                          completionHandler: (@Sendable (Bool) -> Void)? = nil) {
        record(.completeRegistrationRequest(
            credentialID: credential.credentialID, relyingParty: credential.relyingParty,
            attestationObject: credential.attestationObject, clientDataHash: credential.clientDataHash))
        completionHandler?(false)
    }

    @available(iOS 17.0, *)
    open func completeRegistrationRequest(using credential: ASPasskeyRegistrationCredential) async -> Bool {
        record(.completeRegistrationRequest(
            credentialID: credential.credentialID, relyingParty: credential.relyingParty,
            attestationObject: credential.attestationObject, clientDataHash: credential.clientDataHash))
        return false
    }

    /// iOS 12.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialproviderextensioncontext/completeextensionconfigurationrequest()
    open func completeExtensionConfigurationRequest() {
        record(.completeExtensionConfigurationRequest)
    }

    /// iOS 26.2+. https://developer.apple.com/documentation/authenticationservices/ascredentialproviderextensioncontext/completesavepasswordrequest(completionhandler:)
    @available(iOS 26.2, *)
    open func completeSavePasswordRequest(completionHandler: (@Sendable (Bool) -> Void)? = nil) {
        record(.completeSavePasswordRequest)
        completionHandler?(false)
    }

    @available(iOS 26.2, *)
    open func completeSavePasswordRequest() async -> Bool {
        record(.completeSavePasswordRequest)
        return false
    }

    /// iOS 26.2+. https://developer.apple.com/documentation/authenticationservices/ascredentialproviderextensioncontext/completegeneratepasswordrequest(results:completionhandler:)
    @available(iOS 26.2, *)
    open func completeGeneratePasswordRequest(results: [ASGeneratedPassword],
                                              completionHandler: (@Sendable (Bool) -> Void)? = nil) {
        record(.completeGeneratePasswordRequest(kinds: results.map(\.kind.rawValue), values: results.map(\.value)))
        completionHandler?(false)
    }

    @available(iOS 26.2, *)
    open func completeGeneratePasswordRequest(results: [ASGeneratedPassword]) async -> Bool {
        record(.completeGeneratePasswordRequest(kinds: results.map(\.kind.rawValue), values: results.map(\.value)))
        return false
    }

    /// iOS 12.0+. The error's domain should be `ASExtensionErrorDomain`, its code an `ASExtensionError.Code`.
    /// https://developer.apple.com/documentation/authenticationservices/ascredentialproviderextensioncontext/cancelrequest(witherror:)
    open func cancelRequest(withError error: any Error) {
        let nsError = error as NSError
        record(.cancelRequest(domain: nsError.domain, code: nsError.code))
    }
}

/// As Foundation declares `NSExtensionContext`: a context belongs to its request's view controller.
@available(*, unavailable)
extension ASCredentialProviderExtensionContext: @unchecked Sendable {}
