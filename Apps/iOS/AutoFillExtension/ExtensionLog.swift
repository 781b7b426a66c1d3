#if canImport(AuthenticationServices)
import AuthenticationServices
import Foundation
import os
import SesameAutoFill

/// The extension's trace in the unified log: every entry point the system calls, and how each request ended
/// (which completion, or the cancellation's code), so that a fill that fails in the field leaves a trace in
/// Console or a sysdiagnose. What names a site or a person (service identifiers, user names, record identifiers) is
/// logged `.private`, redacted unless a profile enables private data; secrets are never logged at all.
enum ExtensionLog {
    private static let logger = Logger(
        subsystem: Bundle.main.bundleIdentifier ?? "Sesame.AutoFillExtension", category: "requests")

    /// An entry point without a request (configuration, text insertion).
    static func entry(_ name: String) {
        logger.info("\(name, privacy: .public)")
    }

    /// A list entry point and the sites it was asked for.
    static func entry(_ name: String, sites: [ASCredentialServiceIdentifier]) {
        logger.info("\(name, privacy: .public) for \(sites.count) sites: \(describe(sites), privacy: .private)")
    }

    /// A request-based entry point: its kind and the identity it names.
    @available(iOS 17.0, *)
    static func entry(_ name: String, request: any ASCredentialRequest) {
        let identity = request.credentialIdentity
        logger.info("""
            \(name, privacy: .public) kind \(request.type.rawValue, privacy: .public) \
            \(describe([identity.serviceIdentifier]), privacy: .private) \
            record \(identity.recordIdentifier ?? "nil", privacy: .private)
            """)
    }

    /// A deprecated identity-based entry point.
    static func entry(_ name: String, identity: ASPasswordCredentialIdentity) {
        logger.info("""
            \(name, privacy: .public) \(describe([identity.serviceIdentifier]), privacy: .private) \
            record \(identity.recordIdentifier ?? "nil", privacy: .private)
            """)
    }

    /// A 26.2 save or generate entry point and its site.
    static func entry(_ name: String, site: ASCredentialServiceIdentifier) {
        logger.info("\(name, privacy: .public) \(describe([site]), privacy: .private)")
    }

    /// The request completed: `what` says with which kind of answer; `user` is whose, when it names someone.
    static func completed(_ what: String, user: String? = nil) {
        if let user {
            logger.info("completed: \(what, privacy: .public) for \(user, privacy: .private)")
        } else {
            logger.info("completed: \(what, privacy: .public)")
        }
    }

    /// The request was cancelled with this `ASExtensionError` code.
    static func cancelled(_ error: ProviderError) {
        logger.notice("cancelled: \(String(describing: error), privacy: .public) (\(error.rawValue, privacy: .public))")
    }

    private static func describe(_ sites: [ASCredentialServiceIdentifier]) -> String {
        sites.map { "\($0.type.rawValue):\($0.identifier)" }.joined(separator: " ")
    }
}
#endif
