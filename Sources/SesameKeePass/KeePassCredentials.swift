import Foundation
import SesameCrypto

/// What opens a KeePass file: a password, a key file, or both.
///
/// "No password" and "an empty password" are different keys in KeePass, so the password is optional rather than
/// defaulting to empty.
public struct KeePassCredentials: Sendable {
    public var password: SecureBytes?
    /// The key file's whole contents (any of KeePass's four key file forms).
    public var keyFile: SecureBytes?

    public init(password: SecureBytes? = nil, keyFile: SecureBytes? = nil) {
        self.password = password
        self.keyFile = keyFile
    }

    /// SHA-256 over the components in KeePass's order: password, then key file.
    func compositeKey() throws -> [UInt8] {
        guard password != nil || keyFile != nil else { throw KeePassError.missingCredentials }
        var components: [UInt8] = []
        defer { zeroize(&components) }
        if let password {
            components += password.withUnsafeBytes { KDBXPrimitives.sha256(Array($0)) }
        }
        if let keyFile {
            components += try keyFile.withUnsafeBytes { try Self.keyFileComponent(Array($0)) }
        }
        return KDBXPrimitives.sha256(components)
    }

    /// The key file component, trying KeePass's forms in its order: XML (v1 base64, v2 hex with a check hash),
    /// 32 raw bytes, 64 hex characters, else the SHA-256 of the whole file.
    static func keyFileComponent(_ file: [UInt8]) throws -> [UInt8] {
        if let xml = try xmlKeyFileComponent(file) { return xml }
        if file.count == 32 { return file }
        if file.count == 64, let decoded = hexDecoded(file) { return decoded }
        return KDBXPrimitives.sha256(file)
    }

    private static func xmlKeyFileComponent(_ file: [UInt8]) throws -> [UInt8]? {
        // Only something that looks like XML is parsed: a binary key file must not be rejected as bad XML.
        let start = file.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        guard start.first == 0x3C, let root = try? XMLTreeReader.parse(file), root.name == "KeyFile" else { return nil }
        guard let version = root.child("Meta")?[text: "Version"], let data = root.child("Key")?.child("Data") else {
            throw KeePassError.invalidKeyFile("its XML has no Meta/Version or Key/Data")
        }
        if version.hasPrefix("1.") {
            guard let key = Data(base64Encoded: data.text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw KeePassError.invalidKeyFile("its key data is not base64")
            }
            return Array(key)
        }
        if version.hasPrefix("2.") {
            let digits = data.text.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) }
            guard let key = hexDecoded(Array(String(String.UnicodeScalarView(digits)).utf8)), key.count == 32 else {
                throw KeePassError.invalidKeyFile("its key data is not 32 bytes of hex")
            }
            if let hash = data.attribute("Hash"), let expected = hexDecoded(Array(hash.utf8)),
               Array(KDBXPrimitives.sha256(key).prefix(4)) != expected {
                throw KeePassError.invalidKeyFile("its key data does not match its check hash")
            }
            return key
        }
        throw KeePassError.invalidKeyFile("its version \(version) is unknown")
    }

    private static func hexDecoded(_ characters: [UInt8]) -> [UInt8]? {
        guard characters.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count / 2)
        var index = 0
        while index < characters.count {
            guard let high = hexValue(characters[index]), let low = hexValue(characters[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func hexValue(_ character: UInt8) -> UInt8? {
        switch character {
        case 0x30...0x39: character - 0x30
        case 0x41...0x46: character - 0x41 + 10
        case 0x61...0x66: character - 0x61 + 10
        default: nil
        }
    }
}
