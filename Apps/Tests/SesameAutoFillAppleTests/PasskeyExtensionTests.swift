import AuthenticationServices
import Foundation
import SesameAutoFill
import SesameAutoFillApple
@testable import SesameAutoFillExtension
import SesameCrypto
import SesameStore
import Testing

/// Issue 24 on iOS: the extension makes passkeys and signs in with them as the system asks (registration after
/// the unlock screen, a QuickType tap without UI, the list, iOS 18's exclusion and conditional registration), the
/// store offers each passkey at once, and what it hands over is accepted by py_webauthn and python-fido2.
@MainActor
@Suite struct PasskeyExtensionTests {
    nonisolated static let relyingParty = "github.com"
    static let userHandle = Data("gh-user-4711".utf8)

    /// What the system does before calling the extension: the client data for the relying party, and its hash.
    struct ClientData {
        let challenge = SecureRandom.bytes(count: 32)
        let json: [UInt8]
        init(_ ceremony: ClientDataJSON.Ceremony) {
            json = ClientDataJSON.bytes(ceremony, challenge: challenge, origin: "https://" + PasskeyExtensionTests.relyingParty)
        }
        var hash: Data { Data(SHA256.hash(json)) }
    }

    static func registration(_ clientData: ClientData, excluding excluded: [Data]? = nil,
                             verification: ASAuthorizationPublicKeyCredentialUserVerificationPreference = .preferred)
        -> ASPasskeyCredentialRequest
    {
        let identity = ASPasskeyCredentialIdentity(
            relyingPartyIdentifier: relyingParty, userName: "alice", credentialID: Data(), userHandle: userHandle,
            recordIdentifier: nil)
        return ASPasskeyCredentialRequest(
            standInType: .passkeyRegistration, credentialIdentity: identity, clientDataHash: clientData.hash,
            userVerificationPreference: verification, supportedAlgorithms: [ASCOSEAlgorithmIdentifier(-257), .ES256],
            excludedCredentials: excluded?.map { ASAuthorizationPlatformPublicKeyCredentialDescriptor(credentialID: $0) })
    }

    /// The passkey suggestion the store holds, as the system hands it back on a tap.
    static func storedIdentity(_ h: ExtensionHarness) throws -> ASPasskeyCredentialIdentity {
        let stored = try #require(h.store.standInPasskeyIdentities.first)
        let identity = ASPasskeyCredentialIdentity(
            relyingPartyIdentifier: stored.relyingParty, userName: stored.user, credentialID: stored.credentialID,
            userHandle: stored.userHandle, recordIdentifier: stored.record)
        identity.rank = stored.rank
        return identity
    }

    @Test func registerThenSignInFromQuickTypeAndTheListAndRelyingPartiesAccept() async throws {
        let h = try ExtensionHarness()
        let controller = h.launchExtension()
        // Registration: the session is not trusted, so the unlock screen asks (for this passkey's site).
        let made = ClientData(.registration)
        let register = h.newRequest(on: controller)
        controller.prepareInterface(forPasskeyRegistration: Self.registration(made))
        #expect(await nextPrompt(on: controller.unlockPrompt)?.purpose == .passkey(Self.relyingParty))
        controller.unlockPrompt.submit(password: ExtensionHarness.password)
        guard case .completeRegistrationRequest(let credentialID, let relyingParty, let attestationObject, let hash)?
                = await firstCall(on: register)
        else { Issue.record("no registration: \(register.standInRecordedCalls)"); return }
        #expect(relyingParty == Self.relyingParty && hash == made.hash && credentialID.count == 16)

        // The passkey joined alice's GitHub login, and the store offers it at once beside its password.
        let github = try h.withVault { try $0.item(withID: h.github.id).item }
        #expect(github.passkeys.map(\.credentialID) == [[UInt8](credentialID)])
        let stored = try Self.storedIdentity(h)
        #expect(stored.credentialID == credentialID && stored.userHandle == Self.userHandle && stored.userName == "alice")
        #expect(stored.recordIdentifier == CredentialIdentity.recordIdentifier(for: h.github.id))

        // A QuickType tap on the now trusted session: no UI.
        let tapData = ClientData(.assertion)
        let tap = h.newRequest(on: controller)
        controller.provideCredentialWithoutUserInteraction(for: ASPasskeyCredentialRequest(
            credentialIdentity: stored, clientDataHash: tapData.hash, userVerificationPreference: .preferred,
            supportedAlgorithms: []))
        let tapped = await firstCall(on: tap)
        #expect(controller.unlockPrompt.current == nil)

        // The list of a passkey-capable form: the passkey first, then the pick signs.
        let listData = ClientData(.assertion)
        let list = h.newRequest(on: controller)
        controller.prepareCredentialList(
            for: [ASCredentialServiceIdentifier(identifier: "github.com", type: .domain)],
            requestParameters: ASPasskeyCredentialRequestParameters(
                standInRelyingPartyIdentifier: Self.relyingParty, clientDataHash: listData.hash,
                allowedCredentials: [Data([9, 9, 9]), credentialID]))
        try await waitUntil { controller.credentialList.isShowing }
        #expect(controller.credentialList.passkeys.map(\.passkey.credentialID) == [[UInt8](credentialID)])
        #expect(controller.credentialList.matches.map(\.title) == ["GitHub"])
        controller.credentialList.pickPasskey([UInt8](credentialID))
        let picked = await firstCall(on: list)

        var assertions: [[String: String]] = []
        for (call, data) in [(tapped, tapData), (picked, listData)] {
            guard case .completeAssertionRequest(let id, let handle, let rp, let authenticatorData, let signature, let hash)?
                    = call
            else { Issue.record("no sign-in: \(String(describing: call))"); continue }
            #expect(id == credentialID && handle == Self.userHandle && rp == Self.relyingParty && hash == data.hash)
            assertions.append([
                "challenge": Base64URL.encode(data.challenge), "clientDataJSON": Base64URL.encode(data.json),
                "authenticatorData": Base64URL.encode([UInt8](authenticatorData)),
                "signature": Base64URL.encode([UInt8](signature)), "userHandle": Base64URL.encode([UInt8](handle)),
            ])
        }
        let verdict = try RelyingPartyCheck.verify(
            rpID: Self.relyingParty, credentialID: credentialID,
            registration: ["challenge": Base64URL.encode(made.challenge), "clientDataJSON": Base64URL.encode(made.json),
                           "attestationObject": Base64URL.encode([UInt8](attestationObject))],
            assertions: assertions)
        if let verdict { #expect(verdict == "ok ok ok / ok ok ok", "py_webauthn / python-fido2: registration, sign-ins") }
    }

    @Test func excludedLockedAndVerificationRequiredAreAnsweredWithTheRightCodes() async throws {
        let h = try ExtensionHarness()
        let controller = h.launchExtension()
        // Conditional registration on a locked vault: failed at once, never the unlock screen.
        let conditional = h.newRequest(on: controller)
        controller.performWithoutUserInteractionIfPossible(passkeyRegistration: Self.registration(ClientData(.registration)))
        #expect(await firstCall(on: conditional) == .cancelRequest(domain: cancelDomain, code: 0))
        #expect(controller.unlockPrompt.current == nil)

        let register = h.newRequest(on: controller)
        controller.prepareInterface(forPasskeyRegistration: Self.registration(ClientData(.registration)))
        #expect(await nextPrompt(on: controller.unlockPrompt) != nil)
        controller.unlockPrompt.submit(password: ExtensionHarness.password)
        guard case .completeRegistrationRequest(let credentialID, _, _, _)? = await firstCall(on: register) else {
            Issue.record("no registration"); return
        }
        // iOS 18: the relying party names the passkey it holds: matchedExcludedCredential, nothing made.
        let again = h.newRequest(on: controller)
        controller.prepareInterface(forPasskeyRegistration: Self.registration(ClientData(.registration), excluding: [credentialID]))
        #expect(await firstCall(on: again) == .cancelRequest(domain: cancelDomain, code: 102))
        #expect(try h.withVault { try $0.item(withID: h.github.id).item }.passkeys.count == 1)

        // Required verification: a tap without UI asks for UI even on a trusted session.
        let stored = try Self.storedIdentity(h)
        let tap = h.newRequest(on: controller)
        controller.provideCredentialWithoutUserInteraction(for: ASPasskeyCredentialRequest(
            credentialIdentity: stored, clientDataHash: ClientData(.assertion).hash,
            userVerificationPreference: .required, supportedAlgorithms: []))
        #expect(await firstCall(on: tap) == .cancelRequest(domain: cancelDomain, code: 100))
        // A suggestion for a passkey no longer in the vault: not found.
        let gone = ASPasskeyCredentialIdentity(
            relyingPartyIdentifier: Self.relyingParty, userName: "alice", credentialID: Data([1, 2, 3]),
            userHandle: Self.userHandle, recordIdentifier: stored.recordIdentifier)
        let stale = h.newRequest(on: controller)
        controller.provideCredentialWithoutUserInteraction(for: ASPasskeyCredentialRequest(
            credentialIdentity: gone, clientDataHash: ClientData(.assertion).hash, userVerificationPreference: .preferred,
            supportedAlgorithms: []))
        #expect(await firstCall(on: stale) == .cancelRequest(domain: cancelDomain, code: 101))
    }
}

/// py_webauthn and python-fido2 through the core's Tests/SesamePasskeysTests/Scripts/relying_party.py; nil when
/// the libraries are missing (the core's RelyingPartyTests then say so).
enum RelyingPartyCheck {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Tests/SesamePasskeysTests/Scripts/relying_party.py").standardizedFileURL.path

    /// "REG A1 A2 / REG A1 A2": each library's verdicts, "ok" or "error".
    static func verify(rpID: String, credentialID: Data, registration: [String: String],
                       assertions: [[String: String]]) throws -> String? {
        let request: [String: Any] = ["cases": [[
            "name": "ios", "rpId": rpID, "origin": "https://" + rpID, "requireUserVerification": false,
            "credentialId": Base64URL.encode([UInt8](credentialID)), "registration": registration,
            "assertions": assertions,
        ]]]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: request))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationStatus == 3 { return nil }
        struct Response: Decodable {
            struct Result: Decodable { var registration: String; var assertions: [String] }
            var results: [String: [String: Result]]
        }
        let results = try JSONDecoder().decode(Response.self, from: data).results["ios"] ?? [:]
        func line(_ result: Response.Result?) -> String {
            guard let result else { return "missing" }
            return ([result.registration] + result.assertions).map { $0 == "ok" ? "ok" : "error" }.joined(separator: " ")
        }
        return line(results["webauthn"]) + " / " + line(results["fido2"])
    }
}
