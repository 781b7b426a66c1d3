/// A WebAuthn credential (CXF 1.0 `passkey`): what a relying party registered, and the private key that signs
/// for it. Its signature counter is not carried: an importer starts it at 0 and leaves it there.
public struct CXFPasskey: Sendable, Equatable {
    /// The credential id the relying party knows (1 to 1,023 bytes).
    public var credentialId: [UInt8]
    /// The relying party id, a domain (`example.com`).
    public var rpId: String
    public var username: String
    public var userDisplayName: String
    /// The relying party's id for the user: opaque bytes (at most 64), often not UTF-8.
    public var userHandle: [UInt8]
    /// The private key, PKCS#8 DER.
    public var key: [UInt8]

    public init(credentialId: [UInt8], rpId: String, username: String, userDisplayName: String, userHandle: [UInt8],
                key: [UInt8]) {
        self.credentialId = credentialId
        self.rpId = rpId
        self.username = username
        self.userDisplayName = userDisplayName
        self.userHandle = userHandle
        self.key = key
    }

    /// WebAuthn's largest credential id.
    public static let credentialIdRange = 1...1023
    /// WebAuthn's user handle: at most 64 bytes (an empty one is allowed by CXF, meaningless to relying parties).
    public static let userHandleRange = 0...64

    /// The key's algorithm, from its PKCS#8 structure.
    public var keyAlgorithm: PKCS8.Algorithm { PKCS8.algorithm(of: key) }

    /// Why the passkey cannot sign as it stands, in words without its values; nil when it can.
    public var problem: String? {
        guard Self.credentialIdRange.contains(credentialId.count) else {
            return "its credential id is \(credentialId.count) bytes, not 1 to 1,023"
        }
        guard Self.userHandleRange.contains(userHandle.count) else {
            return "its user handle is \(userHandle.count) bytes, over WebAuthn's 64"
        }
        guard !rpId.isEmpty else { return "it has no relying party id" }
        switch keyAlgorithm {
        case .p256: return nil
        case .malformed: return "its key is not a PKCS#8 private key"
        case .other(let name): return "its key is \(name), and Sesame's passkeys are P-256 (ES256)"
        }
    }
}
