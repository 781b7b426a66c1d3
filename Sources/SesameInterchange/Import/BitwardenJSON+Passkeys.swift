import Foundation
import SesameCrypto
import SesameStore

extension BitwardenJSON {
    /// One of a login's `fido2Credentials`: Bitwarden's passkey (ES256 only), every value a string.
    struct Fido2Credential: Decodable {
        var credentialId: String?
        var keyType: String?
        var keyAlgorithm: String?
        var keyCurve: String?
        var keyValue: String?
        var rpId: String?
        var rpName: String?
        var userHandle: String?
        var userName: String?
        var userDisplayName: String?
        var counter: FlexibleText?
        var creationDate: String?

        /// " (example.com)" for the import summary, when the relying party is known.
        var placeName: String {
            guard let rpId, !rpId.isEmpty else { return "" }
            return " (\(rpId.prefix(80)))"
        }

        /// The passkey, or why it cannot be kept; Bitwarden's passkeys sync, so BE and BS are set.
        func passkey(created fallback: Date?) throws(ImportError) -> Passkey {
            guard let text = credentialId, !text.isEmpty else { throw ImportError("it has no credential id") }
            guard let id = Passkey.credentialID(fromBitwarden: text) else {
                throw ImportError("its credential id '\(text.prefix(40))' is neither a UUID nor base64url")
            }
            for (name, value, expected) in [("key type", keyType, "public-key"), ("algorithm", keyAlgorithm, "ECDSA"),
                                             ("curve", keyCurve, "P-256")] {
                if let value, !value.isEmpty, value.caseInsensitiveCompare(expected) != .orderedSame {
                    throw ImportError("its \(name) is \(value.prefix(20)), and Sesame keeps ES256 (ECDSA P-256) passkeys only")
                }
            }
            guard let keyValue, !keyValue.isEmpty else { throw ImportError("it has no private key") }
            let key: PasskeyPrivateKey
            do {
                key = try PasskeyPrivateKey(base64URL: keyValue)
            } catch .invalidKey(let reason) {
                throw ImportError("its private key cannot be used: \(reason)")
            } catch {
                throw ImportError("its private key cannot be used: \(error.description)")
            }
            guard let rpId, !rpId.isEmpty else { throw ImportError("it names no relying party") }
            var handle: [UInt8] = []
            if let userHandle, !userHandle.isEmpty {
                guard let bytes = Base64URL.decode(userHandle) else { throw ImportError("its user handle is not base64url") }
                handle = bytes
            }
            var count: UInt32 = 0
            if let counter = counter?.text, !counter.isEmpty {
                guard let value = UInt32(counter.trimmingCharacters(in: .whitespaces)) else {
                    throw ImportError("its signature counter '\(counter.prefix(20))' is not a number")
                }
                count = value
            }
            let passkey = Passkey(
                credentialID: id, relyingPartyID: rpId, userHandle: handle, userName: userName ?? "",
                userDisplayName: userDisplayName ?? "", privateKey: key, isBackupEligible: true, isBackedUp: true,
                signCount: count, created: creationDate.flatMap(ItemDraft.date(iso8601:)) ?? fallback ?? Date())
            if let problem = passkey.problem { throw ImportError(problem) }
            return passkey
        }
    }

    /// A value Bitwarden writes as a string that other exporters write as a number (`counter`).
    struct FlexibleText: Decodable {
        var text: String

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self.text = text
            } else if let number = try? container.decode(UInt64.self) {
                text = String(number)
            } else if container.decodeNil() {
                text = ""
            } else {
                text = "(not a number)"
            }
        }
    }
}
