/// The attestation object of a registration (WebAuthn §6.5): `{"fmt": "none", "attStmt": {}, "authData": bytes}`,
/// canonical CBOR. Sesame gives no attestation: a synced key proves nothing about a device.
public enum AttestationObject {
    public static func none(authenticatorData: [UInt8]) -> [UInt8] {
        CBOR.map([
            (.text("fmt"), .text("none")),
            (.text("attStmt"), .map([])),
            (.text("authData"), .bytes(authenticatorData)),
        ]).encoded
    }
}
