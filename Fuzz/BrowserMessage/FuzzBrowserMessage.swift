import Foundation
import FuzzSupport
@testable import SesameAutoFill
@testable import SesameBrowser
import SesameBrowserAccess
import SesameStore

/// Any bytes as what a browser writes to the native-messaging host: split by the host's reader (native-endian
/// length, 1 MiB limit), each message parsed as the host parses an envelope; then, since random bytes never pass
/// the crypto box, each message is also run as a decrypted request through every action's argument handling,
/// against a vault stand-in that answers like an unlocked, associated vault (`get-totp` reaches it for the login a
/// `get-logins` offered before).
@main
enum FuzzBrowserMessage {
    final class Vault: BrowserAccess, BrowserPasskeyAccess {
        /// Every login gets this id, so a `get-totp` in a later message (or input: the host lives on) names one
        /// `get-logins` offered.
        let offeredID = UUID(uuidString: "DDEAA427-553A-40FC-BA34-9FD841E17545")!
        func browserDatabaseHash() throws(ServiceFailure) -> String { String(repeating: "ab", count: 32) }
        func browserAssociations() throws(ServiceFailure) -> [BrowserAssociation] { [] }
        func revokeBrowserAssociation(name: String) throws(ServiceFailure) {}
        func testBrowserAssociation(_ key: BrowserKey) throws(ServiceFailure) -> Bool { key.id == "a" }
        func browserLogins(_ query: BrowserLoginQuery) throws(ServiceFailure) -> BrowserLogins {
            guard query.keys.contains(where: { $0.id == "a" }) else { throw ServiceFailure(.notFound, "not associated") }
            return BrowserLogins(association: "a", logins: [BrowserLogin(
                id: offeredID, title: query.url, username: query.submitURL ?? "", password: "p", expired: false,
                oneTimeCode: query.url.contains("otp") ? "123456" : nil)])
        }
        /// Each way the agent answers `get-totp`, chosen by the page the login was offered for.
        func browserOneTimeCode(_ query: BrowserOneTimeCodeQuery) throws(ServiceFailure) -> OneTimeCode? {
            guard query.key.id == "a" else { throw ServiceFailure(.notFound, "not associated") }
            guard query.itemID == offeredID, !query.url.hasPrefix("http:") else { throw ServiceFailure(.noMatch, "not offered") }
            if query.url.contains("bad") { throw ServiceFailure(.invalidInput, "unreadable") }
            return query.url.contains("otp") ? OneTimeCode(code: "123456", remaining: 30) : nil
        }
        func saveBrowserLogin(_ login: BrowserLoginSave) throws(ServiceFailure) -> ItemView {
            ItemView(Item(title: login.url, username: login.username, password: login.password))
        }
        /// Passkeys: an answer for association "a" (a refusal when the page names one of the refusals), else not
        /// associated, so the host's reply building runs on what the fuzzer sent.
        func registerBrowserPasskey(_ request: BrowserPasskeyCreation) throws(ServiceFailure)
            -> BrowserPasskeyOutcome<PasskeyCreated>
        {
            guard request.keys.contains(where: { $0.id == "a" }) else { throw ServiceFailure(.notFound, "not associated") }
            if let refusal = Self.refusal(in: request.origin) { return .refused(refusal) }
            return .done(PasskeyCreated(
                credentialID: request.userHandle, authenticatorData: request.clientDataHash, attestationObject: [0xa0]))
        }
        func assertBrowserPasskey(_ request: BrowserPasskeyRequest) throws(ServiceFailure)
            -> BrowserPasskeyOutcome<PasskeySignIn>
        {
            guard request.keys.contains(where: { $0.id == "a" }) else { throw ServiceFailure(.notFound, "not associated") }
            if let refusal = Self.refusal(in: request.origin) { return .refused(refusal) }
            return .done(PasskeySignIn(
                credentialID: request.allowedCredentialIDs.first ?? [1], authenticatorData: request.clientDataHash,
                signature: [0x30], userHandle: []))
        }
        func checkBrowserPasskeyCreation(_ request: BrowserPasskeyCreation) throws(ServiceFailure)
            -> BrowserPasskeyOutcome<BrowserPasskeyIntent>
        {
            guard request.keys.contains(where: { $0.id == "a" }) else { throw ServiceFailure(.notFound, "not associated") }
            if let refusal = Self.refusal(in: request.origin) { return .refused(refusal) }
            return .done(BrowserPasskeyIntent(relyingPartyID: request.relyingPartyID ?? "", userName: request.userName))
        }
        func chooseBrowserPasskey(_ request: BrowserPasskeyRequest) throws(ServiceFailure)
            -> BrowserPasskeyOutcome<BrowserPasskeyIntent>
        {
            guard request.keys.contains(where: { $0.id == "a" }) else { throw ServiceFailure(.notFound, "not associated") }
            if let refusal = Self.refusal(in: request.origin) { return .refused(refusal) }
            return .done(BrowserPasskeyIntent(
                relyingPartyID: request.relyingPartyID ?? "", userName: "a", credentialID: request.allowedCredentialIDs.first ?? [1]))
        }
        static func refusal(in origin: String) -> BrowserPasskeyRefusal? {
            [BrowserPasskeyRefusal.excludedCredential, .noPasskey, .publicSuffixRelyingPartyID, .unsupportedAlgorithms]
                .first { origin.contains($0.rawValue) }
        }
    }

    final class Backend: BrowserBackend, @unchecked Sendable {
        let vault = Vault()
        func call<T>(_ body: (any BrowserAccess) throws(ServiceFailure) -> T) throws(ServiceFailure) -> T { try body(vault) }
        func requestAssociation(key: String, origin: String) throws(ServiceFailure) -> (BrowserAssociation, hash: String) {
            throw ServiceFailure(.notFound, "denied")
        }
        func requestAutoType(site: String) throws(ServiceFailure) {}
        func lock() throws(ServiceFailure) {}
    }

    /// Every answer a person can give, chosen by the page's origin, so that each path after the question runs.
    struct Consent: PasskeyConsent {
        func ask(_ question: PasskeyQuestion) -> PasskeyConsentAnswer {
            _ = question.description
            if question.origin.contains("decline") { return .declined }
            if question.origin.contains("nobody") { return .couldNotAsk("nobody") }
            return .allowed
        }
    }

    static func main() {
        let host = BrowserHost(backend: Backend(), consent: Consent(), origin: "fuzz") { _ in }
        LibFuzzer.run { bytes in
            var reader = NativeMessageReader()
            reader.append(bytes)
            var messages: [[UInt8]] = []
            while let message = try? reader.next() { messages.append(message) }
            if messages.isEmpty { messages = [Array(bytes)] }
            for message in messages {
                host.handle(message)
                guard let request = try? BrowserMessage.parse(message), let action = request.action else { continue }
                host.perform(action, request, BrowserHost.Reply(action: action, nonce: Array(repeating: 0, count: 24), requestID: request.requestID))
            }
            host.waitForHeldRequests()
        }
    }
}
