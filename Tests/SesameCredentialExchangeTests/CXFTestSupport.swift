import Foundation
import Testing
import SesameAutoFill

/// Fixtures (Fixtures/README.md says where each comes from) and small documents for this target's tests.
enum CXFFixture {
    static func bytes(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil))
        return Array(try Data(contentsOf: url))
    }

    static func read(_ name: String) throws -> (header: CXFHeader, report: CXFReadReport) {
        try CXFReader.read(try bytes(name))
    }

    /// A Header document with one account holding `items` (each a JSON object's text) and `collections`.
    static func document(items: [String], collections: String = "[]") -> [UInt8] {
        Array("""
            {"version": {"major": 1, "minor": 0}, "exporterRpId": "exporter.example", "exporterDisplayName": "Exporter",
             "timestamp": 1760000000, "accounts": [{"id": "QUND", "username": "", "email": "a@example.com",
             "collections": \(collections), "items": [\(items.joined(separator: ","))]}]}
            """.utf8)
    }

    /// An item of `credentials` (JSON objects' text), with `extra` members appended.
    static func item(id: String = "SVRFTQ", title: String = "Example", credentials: [String], extra: String = "") -> String {
        """
        {"id": "\(id)", "title": "\(title)", "credentials": [\(credentials.joined(separator: ","))]\(extra)}
        """
    }

    static func login(_ username: String, _ password: String) -> String {
        """
        {"type": "basic-auth", "username": {"fieldType": "string", "value": "\(username)"},
         "password": {"fieldType": "concealed-string", "value": "\(password)"}}
        """
    }

    /// A P-256 private key in PKCS#8 (the WebAuthn.io passkey of Bitwarden's example file).
    static let p256Key = CXFBase64URL.decode(
        "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgARu_0sCt20EpgVxb4Puq3Ga5VVLpuTY75ngvZlyq3X6hRANCAASmdk1xLsK0oOlhxIPp0d1ZuS0sT9nf6BZtSelhqvLBW0fOL33l_bXgsr_STUHjCLn8l6gcRJwe7OQvbQubZ1dY")!

    /// An Ed25519 private key in PKCS#8 (RFC 8410's layout, a made-up scalar).
    static let ed25519Key: [UInt8] = [0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20]
        + [UInt8](repeating: 7, count: 32)

    static func passkey(credentialId: String = "Y3JlZGVudGlhbA", rpId: String = "webauthn.io", username: String = "alice",
                        userHandle: String = "_wCA_gE", key: [UInt8] = p256Key, extra: String = "") -> String {
        """
        {"type": "passkey", "credentialId": "\(credentialId)", "rpId": "\(rpId)", "username": "\(username)",
         "userDisplayName": "Alice", "userHandle": "\(userHandle)", "key": "\(CXFBase64URL.encode(key))"\(extra)}
        """
    }
}
