import SesameCrypto

/// The client data a browser builds (WebAuthn §5.8.1.2, "limited verification" serialization), for the Linux
/// browser path, where the host plays the browser's part: `{"type":…,"challenge":…,"origin":…,"crossOrigin":false}`
/// in that order, compact, the challenge in base64url without padding. On iOS the system builds it and hands over
/// only its hash.
public enum ClientDataJSON {
    public enum Ceremony: String, Sendable {
        case registration = "webauthn.create"
        case assertion = "webauthn.get"
    }

    /// The UTF-8 bytes of the client data.
    public static func bytes(_ ceremony: Ceremony, challenge: [UInt8], origin: String) -> [UInt8] {
        var json = "{\"type\":"
        json += quoted(ceremony.rawValue)
        json += ",\"challenge\":" + quoted(Base64URL.encode(challenge))
        json += ",\"origin\":" + quoted(origin)
        json += ",\"crossOrigin\":false}"
        return Array(json.utf8)
    }

    /// The spec's CCDToString: `"` and `\` escaped, other characters below U+0020 as `\u` and four lowercase hex
    /// digits, everything else as it is.
    static func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: output += "\\\""
            case 0x5C: output += "\\\\"
            case 0..<0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}
