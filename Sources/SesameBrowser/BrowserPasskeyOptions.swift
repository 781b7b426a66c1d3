/// The `publicKey` object of `passkeys-register` and `passkeys-get`: the page's WebAuthn options as the extension
/// forwards them, binary values already in base64url (`kpxcArrayBufferToBase64`). Read leniently like every
/// message field: a member of an unexpected type counts as absent.
struct BrowserPasskeyOptions: Decodable, Sendable {
    var challenge: String?
    /// Registration: `rp.id` (absent for the page's host).
    var relyingParty: RelyingParty?
    /// Assertion: `rpId`.
    var relyingPartyID: String?
    var user: User?
    var algorithms: [Int64]?
    var excludedCredentials: [String]
    var allowedCredentials: [String]
    /// `userVerification` (assertion) or `authenticatorSelection.userVerification` (registration).
    var userVerification: String?

    struct RelyingParty: Decodable, Sendable {
        var id: String?
        var name: String?
    }

    struct User: Decodable, Sendable {
        var id: String?
        var name: String?
        var displayName: String?
    }

    private struct Parameter: Decodable {
        var alg: Int64?
    }

    private struct Descriptor: Decodable {
        var id: String?
    }

    private struct Selection: Decodable {
        var userVerification: String?
    }

    enum CodingKeys: String, CodingKey {
        case challenge = "challenge", rp = "rp", rpId = "rpId", user = "user", pubKeyCredParams = "pubKeyCredParams"
        case excludeCredentials = "excludeCredentials", allowCredentials = "allowCredentials"
        case userVerification = "userVerification", authenticatorSelection = "authenticatorSelection"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        challenge = try? container.decodeIfPresent(String.self, forKey: .challenge)
        relyingParty = try? container.decodeIfPresent(RelyingParty.self, forKey: .rp)
        relyingPartyID = try? container.decodeIfPresent(String.self, forKey: .rpId)
        user = try? container.decodeIfPresent(User.self, forKey: .user)
        // An entry without a number keeps its place as 0 (reserved), as the extension sends an unknown one.
        algorithms = (try? container.decodeIfPresent([Parameter].self, forKey: .pubKeyCredParams))?.map { $0.alg ?? 0 }
        excludedCredentials = ((try? container.decodeIfPresent([Descriptor].self, forKey: .excludeCredentials)) ?? nil)?
            .compactMap(\.id) ?? []
        allowedCredentials = ((try? container.decodeIfPresent([Descriptor].self, forKey: .allowCredentials)) ?? nil)?
            .compactMap(\.id) ?? []
        userVerification = (try? container.decodeIfPresent(String.self, forKey: .userVerification))
            ?? (try? container.decodeIfPresent(Selection.self, forKey: .authenticatorSelection))??.userVerification
    }
}
