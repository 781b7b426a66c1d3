import Foundation
import SesameAutoFill
import SesameBrowserAccess
import SesameCrypto
import SesameStore
import Testing

/// `passkeys-register` and `passkeys-get` through the core (`BrowserPasskeyAccess` on `LocalVaultService`): where a
/// new passkey is kept, which one signs, what is refused. The bytes themselves are verified by relying parties in
/// `BrowserProtocolTests` and `RelyingPartyTests`.
@Suite struct BrowserPasskeyTests {
    static let hash = [UInt8](repeating: 7, count: 32)

    static func creation(_ key: BrowserKey, origin: String = "https://alice.example.com", rp: String? = "example.com",
                         user: String = "alice", handle: [UInt8] = Array("alice-id".utf8), algorithms: [Int64] = [-7],
                         excluded: [[UInt8]] = []) -> BrowserPasskeyCreation {
        BrowserPasskeyCreation(
            origin: origin, relyingPartyID: rp, userName: user, userDisplayName: user.capitalized, userHandle: handle,
            clientDataHash: hash, algorithms: algorithms, excludedCredentialIDs: excluded, userVerificationRequired: false,
            keys: [key])
    }

    static func request(_ key: BrowserKey, origin: String = "https://alice.example.com", rp: String? = "example.com",
                        allowed: [[UInt8]] = []) -> BrowserPasskeyRequest {
        BrowserPasskeyRequest(origin: origin, relyingPartyID: rp, allowedCredentialIDs: allowed, clientDataHash: hash,
                              userVerificationRequired: false, keys: [key])
    }

    static func created(_ outcome: BrowserPasskeyOutcome<PasskeyCreated>) throws -> PasskeyCreated {
        guard case .done(let created) = outcome else { throw Failure(description: "refused: \(outcome)") }
        return created
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    @Test func aNewPasskeyJoinsTheLoginOfThatSiteAndUserNameElseANewLogin() throws {
        let test = try BrowserTestVault()
        let key = try test.associate()
        let alice = try test.add("Example", username: "alice", "https://example.com")
        let bob = try test.add("Example (Bob)", username: "bob", "https://example.com")

        let first = try Self.created(test.service.registerBrowserPasskey(Self.creation(key)))
        let kept = try test.service.passkeys()
        #expect(kept.count == 1 && kept.first?.itemID == alice.id && kept.first?.passkey.credentialID == first.credentialID)
        #expect(kept.first?.passkey.relyingPartyID == "example.com")

        // Registering again for the same account replaces that login's passkey (one credential per account).
        let again = try Self.created(test.service.registerBrowserPasskey(Self.creation(key)))
        #expect(try test.service.passkeys().map(\.passkey.credentialID) == [again.credentialID])
        #expect(try test.service.resolve(bob.id.uuidString, in: [.active]).passkeys.isEmpty)

        // Nobody called carol has a login there: a new one, titled by the relying party, for the page's origin.
        _ = try Self.created(test.service.registerBrowserPasskey(
            Self.creation(key, user: "carol", handle: Array("carol-id".utf8))))
        let carol = try #require(try test.service.passkeys().first { $0.passkey.userName == "carol" })
        let item = try test.service.resolve(carol.itemID.uuidString, in: [.active])
        #expect(item.title == "example.com" && item.username == "carol" && item.urls.map(\.url) == ["https://alice.example.com"])
    }

    @Test func theMostRecentlyUsedAllowedPasskeySignsAndItsUseIsStored() throws {
        let test = try BrowserTestVault()
        let key = try test.associate()
        let alice = try Self.created(test.service.registerBrowserPasskey(Self.creation(key)))
        test.clock.now += 60
        let bob = try Self.created(test.service.registerBrowserPasskey(
            Self.creation(key, user: "bob", handle: Array("bob-id".utf8))))

        // Discoverable: the newest (bob's) signs.
        test.clock.now += 60
        guard case .done(let signed) = try test.service.assertBrowserPasskey(Self.request(key)) else {
            Issue.record("refused"); return
        }
        #expect(signed.credentialID == bob.credentialID && signed.userHandle == Array("bob-id".utf8))
        #expect(signed.authenticatorData.count == 37 && !signed.signature.isEmpty)
        // The allow list decides; and the use is stored, so alice's is now the most recent.
        test.clock.now += 60
        guard case .done(let allowed) = try test.service.assertBrowserPasskey(Self.request(key, allowed: [alice.credentialID]))
        else { Issue.record("refused"); return }
        #expect(allowed.credentialID == alice.credentialID)
        let stored = try #require(try test.service.passkeys().first { $0.passkey.credentialID == alice.credentialID })
        #expect(stored.passkey.lastUsed == test.clock.now)
        guard case .done(let next) = try test.service.assertBrowserPasskey(Self.request(key)) else {
            Issue.record("refused"); return
        }
        #expect(next.credentialID == alice.credentialID)
    }

    @Test func refusalsKeepNothing() throws {
        let test = try BrowserTestVault()
        let key = try test.associate()
        let made = try Self.created(test.service.registerBrowserPasskey(Self.creation(key)))
        let cases: [(BrowserPasskeyCreation, BrowserPasskeyRefusal)] = [
            (Self.creation(key, excluded: [made.credentialID]), .excludedCredential),
            (Self.creation(key, algorithms: [-257, -8]), .unsupportedAlgorithms),
            (Self.creation(key, origin: "https://alice.github.io", rp: "github.io"), .publicSuffixRelyingPartyID),
            (Self.creation(key, rp: "other.com"), .foreignRelyingPartyID),
            (Self.creation(key, origin: "http://alice.example.com"), .insecureOrigin),
            (Self.creation(key, origin: "https://192.0.2.1", rp: nil), .invalidOrigin),
            (Self.creation(key, rp: "Example.com"), .invalidRelyingPartyID),
        ]
        for (creation, refusal) in cases {
            #expect(try test.service.registerBrowserPasskey(creation) == .refused(refusal), "\(refusal)")
        }
        // An excluded id of another relying party excludes nothing here.
        #expect(try test.service.passkeys().count == 1)
        #expect(try test.service.assertBrowserPasskey(Self.request(key, origin: "https://example.org", rp: nil))
                == .refused(.noPasskey))
        #expect(try test.service.assertBrowserPasskey(Self.request(key, allowed: [[1, 2, 3]])) == .refused(.noPasskey))
    }

    @Test func anUnassociatedKeyIsRefusedBeforeAnythingElse() throws {
        let test = try BrowserTestVault()
        _ = try test.associate()
        let stranger = BrowserKey(id: "firefox", key: Data(PublicKeyBox.KeyPair().publicKey).base64EncodedString())
        #expect(throws: ServiceFailure.self) { try test.service.registerBrowserPasskey(Self.creation(stranger)) }
        #expect(throws: ServiceFailure.self) { try test.service.assertBrowserPasskey(Self.request(stranger)) }
        #expect(try test.service.passkeys().isEmpty)
    }
}
