import SesameCrypto
import SesameStore

/// The bytes an authenticator signs over (WebAuthn §6.1): the relying party id's SHA-256, the flags, the signature
/// counter (big-endian), and at registration the attested credential data (AAGUID, credential id length and id, the
/// COSE public key). Extensions are never added.
public struct AuthenticatorData: Sendable, Equatable {
    /// The flag byte (§6.1, table "Authenticator Data layout").
    public struct Flags: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// UP: the user was present.
        public static let userPresent = Flags(rawValue: 0x01)
        /// UV: the user was verified (device passcode, biometry, master password).
        public static let userVerified = Flags(rawValue: 0x04)
        /// BE: the credential may be backed up (fixed at creation).
        public static let backupEligible = Flags(rawValue: 0x08)
        /// BS: the credential is backed up now.
        public static let backedUp = Flags(rawValue: 0x10)
        /// AT: attested credential data follows (registration only).
        public static let attestedCredentialData = Flags(rawValue: 0x40)
    }

    /// What a registration adds after the counter.
    public struct AttestedCredential: Sendable, Equatable {
        public var aaguid: [UInt8]
        public var credentialID: [UInt8]
        public var publicKey: [UInt8]

        public init(aaguid: [UInt8], credentialID: [UInt8], publicKey: [UInt8]) {
            self.aaguid = aaguid
            self.credentialID = credentialID
            self.publicKey = publicKey
        }
    }

    public var relyingPartyIDHash: [UInt8]
    public var flags: Flags
    public var signCount: UInt32
    public var attestedCredential: AttestedCredential?

    public init(relyingPartyID: String, flags: Flags, signCount: UInt32, attestedCredential: AttestedCredential? = nil) {
        relyingPartyIDHash = SHA256.hash(Array(relyingPartyID.utf8))
        self.flags = attestedCredential == nil ? flags.subtracting(.attestedCredentialData)
            : flags.union(.attestedCredentialData)
        self.signCount = signCount
        self.attestedCredential = attestedCredential
    }

    /// The flags for a passkey: UP always, UV when the user was verified, BE and BS as stored with the key.
    public static func flags(for passkey: Passkey, userVerified: Bool) -> Flags {
        var flags: Flags = .userPresent
        if userVerified { flags.insert(.userVerified) }
        if passkey.isBackupEligible { flags.insert(.backupEligible) }
        if passkey.isBackupEligible && passkey.isBackedUp { flags.insert(.backedUp) }
        return flags
    }

    /// 37 bytes for an assertion; 37 + 16 + 2 + id + key for a registration.
    public var bytes: [UInt8] {
        var output = relyingPartyIDHash
        output.append(flags.rawValue)
        output += withUnsafeBytes(of: signCount.bigEndian, Array.init)
        if let credential = attestedCredential {
            precondition(credential.aaguid.count == 16, "an AAGUID is 16 bytes")
            precondition(credential.credentialID.count <= Passkey.maximumCredentialIDByteCount)
            output += credential.aaguid
            output += withUnsafeBytes(of: UInt16(credential.credentialID.count).bigEndian, Array.init)
            output += credential.credentialID
            output += credential.publicKey
        }
        return output
    }
}
