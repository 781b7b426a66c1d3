import Foundation
import SesameAutoFill

/// What the browser may do with passkeys (KeePassXC-Browser's `passkeys-register` and `passkeys-get`), for an
/// association the user allowed. The vault decides everything: the page's origin and relying party id (the
/// browser's rules, `WebAuthnOrigin`), exclusion, which passkey signs, where a new one is kept. Private keys never
/// leave it: the answers carry only what the relying party receives.
public protocol BrowserPasskeyAccess: AnyObject {
    /// Checks a registration as `registerBrowserPasskey` would, without making a key: what the host asks the
    /// person to confirm, or why the request would be refused.
    ///
    /// - Throws: `.notFound` when no key of `request.keys` is associated.
    func checkBrowserPasskeyCreation(_ request: BrowserPasskeyCreation) throws(ServiceFailure)
        -> BrowserPasskeyOutcome<BrowserPasskeyIntent>
    /// The passkey `assertBrowserPasskey` would sign with, without signing: what the host asks the person to
    /// confirm (it then signs with that passkey alone), or why the request would be refused.
    ///
    /// - Throws: `.notFound` when no key of `request.keys` is associated.
    func chooseBrowserPasskey(_ request: BrowserPasskeyRequest) throws(ServiceFailure)
        -> BrowserPasskeyOutcome<BrowserPasskeyIntent>
    /// Makes a passkey for the page and keeps it in the login of that site and user name (a new login when none).
    ///
    /// - Throws: `.notFound` when no key of `request.keys` is associated.
    func registerBrowserPasskey(_ request: BrowserPasskeyCreation) throws(ServiceFailure)
        -> BrowserPasskeyOutcome<PasskeyCreated>
    /// Signs a sign-in for the page with the passkey it allows (the most recently used one when several do),
    /// and records the use.
    ///
    /// - Throws: `.notFound` when no key of `request.keys` is associated.
    func assertBrowserPasskey(_ request: BrowserPasskeyRequest) throws(ServiceFailure)
        -> BrowserPasskeyOutcome<PasskeySignIn>
}

/// Why a passkey request is refused; the host answers each with KeePassXC's error code.
public enum BrowserPasskeyRefusal: String, Codable, Sendable, Equatable, CustomStringConvertible {
    case invalidOrigin
    case insecureOrigin
    case invalidRelyingPartyID
    case foreignRelyingPartyID
    case publicSuffixRelyingPartyID
    case unsupportedAlgorithms
    case excludedCredential
    case noPasskey
    /// The page requires user verification, which the host cannot do (it has no window).
    case userVerificationRequired
    case invalidRequest

    public var description: String {
        switch self {
        case .invalidOrigin: "The page's origin is not a web address."
        case .insecureOrigin: "Passkeys are only for https pages (or http on localhost)."
        case .invalidRelyingPartyID: "The site's relying party id is not a domain name."
        case .foreignRelyingPartyID: "The site asks for a relying party id that is not its own domain."
        case .publicSuffixRelyingPartyID: "The site asks for a public suffix as its relying party id."
        case .unsupportedAlgorithms: "The site accepts no algorithm Sesame signs with (ES256, -7)."
        case .excludedCredential: "A passkey of this vault is among the site's excluded credentials."
        case .noPasskey: "No passkey of this vault is for this site."
        case .userVerificationRequired: "The site requires user verification, which the browser host cannot do."
        case .invalidRequest: "The passkey request is not valid."
        }
    }
}

extension BrowserPasskeyRefusal {
    /// The refusal for a page whose origin or relying party id the browser's rules do not allow.
    public init(_ error: RelyingPartyError) {
        switch error {
        case .invalidOrigin, .ipAddressOrigin: self = .invalidOrigin
        case .insecureOrigin: self = .insecureOrigin
        case .invalidRelyingPartyID: self = .invalidRelyingPartyID
        case .foreignRelyingPartyID: self = .foreignRelyingPartyID
        case .publicSuffixRelyingPartyID: self = .publicSuffixRelyingPartyID
        }
    }
}

extension BrowserPasskeyRefusal {
    /// The refusal for what the vault declined.
    public init(_ refusal: PasskeyRefusal) {
        switch refusal {
        case .excludedCredential: self = .excludedCredential
        case .unsupportedAlgorithms: self = .unsupportedAlgorithms
        case .invalidRequest: self = .invalidRequest
        case .noPasskey: self = .noPasskey
        }
    }
}

/// A passkey answer or the reason it was refused.
public enum BrowserPasskeyOutcome<Value: Sendable & Equatable>: Sendable, Equatable {
    case done(Value)
    case refused(BrowserPasskeyRefusal)

    /// The vault's answer, once the page's origin and relying party id passed.
    public init(_ result: Result<Value, PasskeyRefusal>) {
        switch result {
        case .success(let value): self = .done(value)
        case .failure(let refusal): self = .refused(BrowserPasskeyRefusal(refusal))
        }
    }
}

/// `passkeys-register`: the page, the relying party's options, and the hash of the client data the host built.
public struct BrowserPasskeyCreation: Sendable, Equatable {
    /// The page's origin as the extension sent it.
    public var origin: String
    /// `rp.id`; nil for the page's host.
    public var relyingPartyID: String?
    public var userName: String
    public var userDisplayName: String
    public var userHandle: [UInt8]
    public var clientDataHash: [UInt8]
    /// `pubKeyCredParams`' algorithms, in the site's order; empty means WebAuthn's default (ES256, RS256).
    public var algorithms: [Int64]
    public var excludedCredentialIDs: [[UInt8]]
    public var userVerificationRequired: Bool
    public var keys: [BrowserKey]

    public init(
        origin: String, relyingPartyID: String?, userName: String, userDisplayName: String, userHandle: [UInt8],
        clientDataHash: [UInt8], algorithms: [Int64], excludedCredentialIDs: [[UInt8]], userVerificationRequired: Bool,
        keys: [BrowserKey]
    ) {
        self.origin = origin
        self.relyingPartyID = relyingPartyID
        self.userName = userName
        self.userDisplayName = userDisplayName
        self.userHandle = userHandle
        self.clientDataHash = clientDataHash
        self.algorithms = algorithms
        self.excludedCredentialIDs = excludedCredentialIDs
        self.userVerificationRequired = userVerificationRequired
        self.keys = keys
    }
}

/// `passkeys-get`: the page, the relying party's options, and the hash of the client data the host built.
public struct BrowserPasskeyRequest: Sendable, Equatable {
    public var origin: String
    /// `rpId`; nil for the page's host.
    public var relyingPartyID: String?
    /// `allowCredentials`' ids; empty lets any passkey of the relying party sign (a discoverable credential).
    public var allowedCredentialIDs: [[UInt8]]
    public var clientDataHash: [UInt8]
    public var userVerificationRequired: Bool
    public var keys: [BrowserKey]

    public init(
        origin: String, relyingPartyID: String?, allowedCredentialIDs: [[UInt8]], clientDataHash: [UInt8],
        userVerificationRequired: Bool, keys: [BrowserKey]
    ) {
        self.origin = origin
        self.relyingPartyID = relyingPartyID
        self.allowedCredentialIDs = allowedCredentialIDs
        self.clientDataHash = clientDataHash
        self.userVerificationRequired = userVerificationRequired
        self.keys = keys
    }
}
