import Foundation
import SesameCrypto

extension Passkey {
    /// A credential id as Bitwarden's JSON export writes it (`fido2Credentials[].credentialId`): a UUID string
    /// (`3f2504e0-4f89-11d3-9a0c-0305e82c3301`) stands for its 16 bytes, `b64.` prefixes base64url, and anything
    /// else that reads as base64url is taken as such (KeePassXC's importer turned such ids into null, losing the
    /// passkey). Nil when the text is none of these or names no bytes.
    public static func credentialID(fromBitwarden text: String) -> [UInt8]? {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard text.utf8.count <= 2 * maximumCredentialIDByteCount else { return nil }
        if text.hasPrefix("b64.") {
            return nonEmpty(Base64URL.decode(String(text.dropFirst(4))))
        }
        if isDashedUUID(text), let uuid = UUID(uuidString: text) {
            return withUnsafeBytes(of: uuid.uuid) { Array($0) }
        }
        return nonEmpty(Base64URL.decode(text))
    }

    /// A credential id in base64url (KeePass's `KPEX_PASSKEY_CREDENTIAL_ID`, the Credential Exchange Format).
    public static func credentialID(fromBase64URL text: String) -> [UInt8]? {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard text.utf8.count <= 2 * maximumCredentialIDByteCount else { return nil }
        return nonEmpty(Base64URL.decode(text))
    }

    /// The text form of a 16-byte id as Bitwarden writes it (a lowercase UUID), longer ids as `b64.` base64url.
    public static func bitwardenText(ofCredentialID id: [UInt8]) -> String {
        guard id.count == 16 else { return "b64." + Base64URL.encode(id) }
        let uuid = id.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
        return uuid.uuidString.lowercased()
    }

    /// 8-4-4-4-12 hexadecimal digits: only this spelling is a UUID here (32 bare digits are valid base64url too).
    private static func isDashedUUID(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        guard utf8.count == 36 else { return false }
        for (index, byte) in utf8.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
                else { return false }
            }
        }
        return true
    }

    private static func nonEmpty(_ bytes: [UInt8]?) -> [UInt8]? {
        guard let bytes, !bytes.isEmpty else { return nil }
        return bytes
    }
}
