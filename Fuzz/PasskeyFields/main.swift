import Foundation
import FuzzSupport
import SesameCrypto
import SesameDomains
import SesameInterchange
@testable import SesameKeePass
import SesameAutoFill
import SesameStore

/// The passkey fields Sesame reads from outside: PEM keys (KeePass), credential ids (Bitwarden, KeePass), KeePass
/// attribute sets, whole Bitwarden JSON exports with `fido2Credentials`, and the page origin and relying party id the
/// browser host checks. The first byte picks the reader; the rest is its input. Each must refuse or succeed without
/// crashing, and what it accepts must hold up.
@main
enum FuzzPasskeyFields {
    static let list = PublicSuffixList(parsing: "com\nco.uk\n*.ck\n!www.ck\n// ===BEGIN PRIVATE DOMAINS===\ngithub.io\n")

    static func main() {
        LibFuzzer.run { bytes in
            guard let selector = bytes.first else { return }
            let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
            switch selector % 6 {
            case 0: pem(text)
            case 1: credentialID(text)
            case 2: origin(text)
            case 3: keePassAttributes(text)
            case 4: _ = try? ImportReader.read(Array(bytes.dropFirst()), as: .bitwardenJSON) { _ in SecureBytes(count: 0) }
            default: clientData(text)
            }
        }
    }

    /// A key that reads is a P-256 key: it signs, and its PKCS#8 reads back to the same public point.
    static func pem(_ text: String) {
        guard let key = try? PasskeyPrivateKey(pem: text), let signing = try? key.signingKey() else { return }
        guard let der = try? signing.pkcs8(), let again = try? PasskeyPrivateKey(pkcs8: der).signingKey() else {
            preconditionFailure("a key that read does not write back")
        }
        precondition(again.publicKey == signing.publicKey, "a key changed on its way through PKCS#8")
        precondition((try? signing.signature(for: [1, 2, 3]).count).map { $0 <= 72 } == true, "signing failed")
    }

    /// An id that reads writes back, in Bitwarden's and base64url's forms, to the same bytes.
    static func credentialID(_ text: String) {
        if let id = Passkey.credentialID(fromBitwarden: text) {
            precondition(!id.isEmpty && id.count <= 2 * Passkey.maximumCredentialIDByteCount)
            precondition(Passkey.credentialID(fromBitwarden: Passkey.bitwardenText(ofCredentialID: id)) == id,
                         "a Bitwarden credential id does not survive a write and a read")
        }
        if let id = Passkey.credentialID(fromBase64URL: text) {
            precondition(Passkey.credentialID(fromBase64URL: Base64URL.encode(id)) == id, "base64url does not round-trip")
        }
    }

    /// Lines: the origin, then the relying party id (absent when there is one line). An accepted id is the page's
    /// host or a parent of it, never a public suffix (localhost aside), and the origin's serialization reads back
    /// to itself.
    static func origin(_ text: String) {
        let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let origin = try? WebAuthnOrigin(parsing: lines[0]) else { return }
        precondition((try? WebAuthnOrigin(parsing: origin.serialized))?.serialized == origin.serialized,
                     "an origin's serialization reads differently")
        guard let rpID = try? origin.relyingPartyID(requested: lines.count > 1 ? lines[1] : nil, publicSuffixList: list) else {
            return
        }
        let host = origin.host.ascii
        precondition(host == rpID || host.hasSuffix("." + rpID), "a relying party id outside the page's host")
        precondition(rpID == "localhost" || (try? list.publicSuffix(of: Host(parsing: rpID))) != rpID,
                     "a public suffix accepted as a relying party id")
    }

    /// Lines of `NAME=VALUE` as an entry's attributes; a passkey read from them is one Sesame can keep.
    static func keePassAttributes(_ text: String) {
        var strings: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            strings["KPEX_PASSKEY_" + parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        if case .passkey(let passkey)? = KeePassPasskey.read(strings, created: Date(timeIntervalSince1970: 0)) {
            precondition(passkey.problem == nil, "a passkey with a problem was read")
            precondition(!passkey.isBackedUp || passkey.isBackupEligible, "BS without BE")
        }
    }

    /// Client data for any origin text is JSON that names that origin.
    static func clientData(_ text: String) {
        let bytes = ClientDataJSON.bytes(.assertion, challenge: Array(text.utf8.prefix(64)), origin: text)
        let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        precondition(object?["origin"] as? String == text, "client data does not carry its origin")
    }
}
