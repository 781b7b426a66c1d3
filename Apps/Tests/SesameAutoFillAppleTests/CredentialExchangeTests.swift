import AuthenticationServices
import Foundation
import SesameApp
import SesameAutoFill
import SesameAutoFillApple
import SesameCrypto
import SesameStore
import Testing
import UIKit

/// Issue 25 on iOS 26: credentials another app sends through the system come in through the core's CXF mapping,
/// with what cannot come in shown by kind, written once and idempotently; an export through the system, imported
/// into a fresh vault, keeps every login, code and passkey, and the passkey still signs in (py_webauthn and
/// python-fido2).
@MainActor
@Suite struct CredentialExchangeTests {
    static let password = "correct horse battery staple"
    static let secret: [UInt8] = Array("12345678901234567890".utf8)

    static func field(_ value: String, _ type: ASImportableEditableField.FieldType = .string) -> ASImportableEditableField {
        ASImportableEditableField(id: nil, fieldType: type, value: value)
    }

    static func item(_ title: String, urls: [String] = [], _ credentials: [ASImportableCredential]) -> ASImportableItem {
        ASImportableItem(
            id: Data(SecureRandom.bytes(count: 16)), created: Date(timeIntervalSince1970: 1_700_000_000),
            lastModified: Date(timeIntervalSince1970: 1_700_000_000), title: title,
            scope: urls.isEmpty ? nil : ASImportableCredentialScope(urls: urls.compactMap(URL.init(string:))),
            credentials: credentials)
    }

    /// What Apple Passwords (say) sends: a login with its code, a passkey, a note, and a card Sesame does not hold.
    static func otherAppsExport(passkey: Passkey) -> ASExportedCredentialData {
        let items = [
            item("GitHub", urls: ["https://github.com/login"], [
                .basicAuthentication(.init(userName: field("alice"), password: field("hunter2", .concealedString))),
                .totp(.init(secret: Data(secret), period: 30, digits: 6, userName: "alice", algorithm: .sha1,
                            issuer: "GitHub")),
            ]),
            item("Example", [.passkey(.init(
                credentialID: Data(passkey.credentialID), relyingPartyIdentifier: passkey.relyingPartyID,
                userName: passkey.userName, userDisplayName: passkey.userDisplayName, userHandle: Data(passkey.userHandle),
                key: Data(passkey.privateKey.withUnsafeBytes { Array($0) })))]),
            item("Door code", [.note(.init(content: field("4711 then #")))]),
            item("Visa", [.creditCard(.init(
                number: field("4111111111111111"), fullName: field("Alice"), cardType: nil, verificationNumber: nil,
                pin: nil, expiryDate: nil, validFrom: nil))]),
        ]
        return ASExportedCredentialData(
            accounts: [ASImportableAccount(id: Data([1, 2, 3]), userName: "alice", email: "alice@example.org",
                                           collections: [], items: items)],
            formatVersion: .v1, exporterRelyingPartyIdentifier: "apple.com", exporterDisplayName: "Passwords",
            timestamp: Date(timeIntervalSince1970: 1_760_000_000))
    }

    /// A passkey registered at example.org as a relying party sees it, with what it stored.
    static func registeredPasskey() throws -> (passkey: Passkey, registration: [String: String]) {
        let challenge = SecureRandom.bytes(count: 32)
        let clientData = ClientDataJSON.bytes(.registration, challenge: challenge, origin: "https://example.org")
        let made = try PasskeyAuthenticator.register(PasskeyRegistrationRequest(
            relyingPartyID: "example.org", userName: "alice@example.org", userDisplayName: "Alice",
            userHandle: [0xFF, 0x00, 0x80, 0x01], clientDataHash: SHA256.hash(clientData),
            algorithms: [COSEAlgorithm.es256], userVerified: true))
        return (made.passkey, ["challenge": Base64URL.encode(challenge), "clientDataJSON": Base64URL.encode(clientData),
                               "attestationObject": Base64URL.encode(made.attestationObject)])
    }

    /// The app of `install`, with a new vault, unlocked; the install must outlive it (its folder goes with it).
    static func unlockedApp(_ install: AppInstall) async throws -> AppModel {
        let app = install.makeApp()
        try await app.createVault(password: password)
        return app
    }

    static func revealAll(_ app: AppModel) async throws -> [Item] {
        let ids = app.items.map(\.id)
        return try await app.provider.perform { vault in try ids.map { try vault.reveal($0) } }
    }

    @Test func theLaunchingActivityGivesItsTokenAndNoOtherActivityDoes() {
        let token = UUID()
        #expect(AppModel.credentialExchangeToken(activityType: ASCredentialExchangeActivity,
                                                 userInfo: [ASCredentialImportToken: token]) == token)
        #expect(AppModel.credentialExchangeToken(activityType: "NSUserActivityTypeBrowsingWeb",
                                                 userInfo: [ASCredentialImportToken: token]) == nil)
        #expect(AppModel.credentialExchangeToken(activityType: ASCredentialExchangeActivity,
                                                 userInfo: [ASCredentialImportToken: token.uuidString]) == nil)
    }

    @Test func anImportShowsWhatComesInAndWhatCannotThenWritesItOnceAndAgainChangesNothing() async throws {
        let install = AppInstall()
        let app = try await Self.unlockedApp(install)
        let (passkey, _) = try Self.registeredPasskey()
        let data = Self.otherAppsExport(passkey: passkey)

        let pending = try await app.prepareCredentialExchangeImport(token: ASCredentialImportManager.standInOffer(data))
        #expect(pending.exporter == "Passwords")
        #expect(pending.incoming == ["logins": 1, "one-time codes": 1, "passkeys": 1, "notes": 1])
        #expect(pending.notImported == ["credit-card": 1])
        #expect(pending.rejected.isEmpty)
        #expect(pending.plan.count(.created) == 3)
        #expect(app.items.isEmpty, "nothing is written before the person confirms")

        let summary = try await app.confirmCredentialExchangeImport(pending)
        #expect(summary.count(.created) == 3)
        #expect(app.items.map(\.title).sorted() == ["Door code", "Example", "GitHub"])
        let items = try await Self.revealAll(app)
        let github = try #require(items.first { $0.title == "GitHub" })
        #expect((github.username, github.password, github.urls.map(\.url)) == ("alice", "hunter2", ["https://github.com/login"]))
        let code = try OneTimeCodeSettings(parsing: try #require(github.oneTimeCode))
        #expect(code.secret == Self.secret && code.period == 30 && code.digits == 6)
        let imported = try #require(items.first { $0.title == "Example" }?.passkeys.first)
        #expect(imported.credentialID == passkey.credentialID && imported.userHandle == passkey.userHandle)
        #expect(items.first { $0.title == "Door code" }?.notes == "4711 then #")
        // The suggestions above the keyboard followed the import.
        #expect(install.suggestions.contains("github.com alice"))

        // The same export again (the person repeats it): nothing new, nothing changed.
        let again = try await app.prepareCredentialExchangeImport(token: ASCredentialImportManager.standInOffer(data))
        #expect(again.plan.count(.created) == 0 && again.plan.count(.updated) == 0)
        #expect(try await app.confirmCredentialExchangeImport(again).count(.skipped) == 3)
        #expect(try await Self.revealAll(app) == items)
    }

    @Test func aTokenServesOneImportOnly() async throws {
        let install = AppInstall()
        let app = try await Self.unlockedApp(install)
        let token = ASCredentialImportManager.standInOffer(Self.otherAppsExport(passkey: try Self.registeredPasskey().passkey))
        _ = try await app.prepareCredentialExchangeImport(token: token)
        await #expect(throws: AppFailure.self) { try await app.prepareCredentialExchangeImport(token: token) }
    }

    @Test func anExportImportedIntoAFreshVaultKeepsEveryLoginCodeAndPasskeyAndThePasskeySignsIn() async throws {
        let (passkey, registration) = try Self.registeredPasskey()
        let exportingInstall = AppInstall()
        let exporting = try await Self.unlockedApp(exportingInstall)
        try await exporting.add(Item(title: "GitHub", username: "alice", password: "hunter2",
                                     urls: [ItemURL("https://github.com")],
                                     oneTimeCode: "otpauth://totp/GitHub:alice?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&algorithm=SHA256&digits=8&period=60&issuer=GitHub"))
        try await exporting.add(Item(title: "Example", username: "alice@example.org", password: "pw",
                                     urls: [ItemURL("https://example.org")], passkeys: [passkey]))
        try await exporting.add(Item(title: "Bank", username: "4711", password: "secret", urls: [ItemURL("bank.example:8443")],
                                     notes: "Ruf mich an ☎︎"))
        let sent = try await Self.revealAll(exporting)

        let exchange = StandInCredentialExchange()
        let summary = try await exporting.exportThroughCredentialExchange(
            masterPassword: Self.password, manager: ASCredentialExportManager(standInExchange: exchange))
        #expect((summary.items, summary.logins, summary.codes, summary.passkeys) == (3, 3, 1, 1))
        #expect(summary.leftOut.isEmpty, "\(summary.leftOut)")
        let token = try #require(exchange.importTokens.first)

        let install = AppInstall()
        let importing = try await Self.unlockedApp(install)
        let pending = try await importing.prepareCredentialExchangeImport(token: token)
        #expect(pending.notImported.isEmpty && pending.rejected.isEmpty)
        try await importing.confirmCredentialExchangeImport(pending)
        let received = try await Self.revealAll(importing)
        func logins(_ items: [Item]) -> [[String]] {
            items.map { [$0.title, $0.username, $0.password, $0.notes] + $0.urls.map(\.url) }.sorted { $0[0] < $1[0] }
        }
        #expect(logins(received) == logins(sent))
        func codes(_ items: [Item]) throws -> [[String]] {
            try items.compactMap(\.oneTimeCode).map { uri in
                let code = try OneTimeCodeSettings(parsing: uri)
                return [Base64URL.encode(code.secret), "\(code.period)", "\(code.digits)", code.algorithm.rawValue]
            }
        }
        #expect(try codes(received) == codes(sent) && codes(sent).count == 1)
        let back = try #require(received.first { $0.title == "Example" }?.passkeys.first)
        #expect(back.credentialID == passkey.credentialID && back.privateKey == passkey.privateKey)
        #expect((back.relyingPartyID, back.userHandle, back.userName) == (passkey.relyingPartyID, passkey.userHandle, passkey.userName))

        // The relying party that registered the passkey accepts a sign-in with the imported copy.
        let challenge = SecureRandom.bytes(count: 32)
        let clientData = ClientDataJSON.bytes(.assertion, challenge: challenge, origin: "https://example.org")
        let assertion = try PasskeyAuthenticator.assert(back, clientDataHash: SHA256.hash(clientData), userVerified: true)
        let verdict = try RelyingPartyCheck.verify(
            rpID: "example.org", credentialID: Data(passkey.credentialID), registration: registration,
            assertions: [[
                "challenge": Base64URL.encode(challenge), "clientDataJSON": Base64URL.encode(clientData),
                "authenticatorData": Base64URL.encode(assertion.authenticatorData),
                "signature": Base64URL.encode(assertion.signature), "userHandle": Base64URL.encode(assertion.userHandle),
            ]])
        if let verdict { #expect(verdict == "ok ok / ok ok", "py_webauthn / python-fido2: registration, sign-in") }
    }

    @Test func aWrongMasterPasswordOrACancelledSheetSendsNothing() async throws {
        let install = AppInstall()
        let app = try await Self.unlockedApp(install)
        try await app.add(Item(title: "GitHub", username: "alice", password: "hunter2", urls: [ItemURL("https://github.com")]))
        let exchange = StandInCredentialExchange()
        await #expect(throws: ServiceFailure.self) {
            try await app.exportThroughCredentialExchange(
                masterPassword: "not it", manager: ASCredentialExportManager(standInExchange: exchange))
        }
        #expect(exchange.sheetsShown == 0, "the sheet shows only after the master password")
        exchange.personChooses = .cancel
        await #expect(throws: AppFailure.self) {
            try await app.exportThroughCredentialExchange(
                masterPassword: Self.password, manager: ASCredentialExportManager(standInExchange: exchange))
        }
        #expect(exchange.sheetsShown == 1 && exchange.importTokens.isEmpty)
    }
}
