import Foundation
import Glibc
@testable import SesameAgent
import SesameAgentLink
import SesameAutoFill
import SesameCrypto
import SesameStore
import Testing

/// The agent's policy table (docs/agent-protocol.md §5), checked on the frames themselves.
@Suite struct AgentPolicyTests {
    static let password = "P4ssw0rd-unique-31"
    static let oldPassword = "old-secret-77"
    static let fieldValue = "field-secret-59"

    /// Every JSON frame a client sends and reads, as text.
    final class Frames: @unchecked Sendable {
        private let lock = NSLock()
        private var frames: [(sent: Bool, text: String)] = []
        func record(_ sent: Bool, _ bytes: [UInt8]) { lock.withLock { frames.append((sent, String(decoding: bytes, as: UTF8.self))) } }
        var received: [String] { lock.withLock { frames.filter { !$0.sent }.map(\.text) } }
        var sent: [String] { lock.withLock { frames.filter(\.sent).map(\.text) } }
        func reset() { lock.withLock { frames = [] } }
    }

    @Test func listShowMatchEditAndRemoveReceiveNoSecretByte() throws {
        let folder = TemporaryFolder()
        var item = Item(title: "Bank", username: "alice", password: Self.oldPassword,
                        urls: [ItemURL("https://bank.example.com")],
                        fields: [CustomField(name: "pin", value: Self.fieldValue, isProtected: true)])
        let other = Fixture.login(2)
        let path = try Fixture.makeVault(at: folder.file("vault.sqlite"), items: [other])
        let server = try Fixture.startServer(in: folder)
        defer { server.stop(); server.waitUntilStopped() }
        let client = try AgentClient.connect(to: server.configuration.location)
        _ = try client.unlock(vault: path, password: Fixture.secret())
        client.vault = path
        item = Item(title: item.title, username: item.username, password: item.password, urls: item.urls, fields: item.fields)
        try client.add(item)
        var change = ItemChange()
        change.password = Self.password
        let frames = Frames()
        client.frameObserver = { frames.record($0, $1) }

        // The operations that must not receive a secret: list, show (resolve), match, edit (update), rm (delete).
        _ = try client.list()
        let view = try client.resolve("Bank")
        #expect(view.hasPassword && view.passwordHistoryCount == 0 && view.fields.first?.value == nil)
        _ = try client.match([ServiceIdentifier("https://bank.example.com", kind: .url)])
        let edited = try client.update(view.id, change)
        #expect(edited.passwordHistoryCount == 1, "the old password went into the history")
        _ = try client.resolve("Bank")
        _ = try client.list()
        try client.delete(try client.resolve("Login 2").id)
        _ = try client.status()
        #expect(frames.received.count == 9)
        for frame in frames.received {
            for secret in [Self.password, Self.oldPassword, Self.fieldValue, other.password] {
                #expect(!frame.contains(secret), "a secret reached the client: \(frame)")
            }
        }
        // Only the edit sent one, the new password, and it came back in no reply.
        #expect(frames.sent.filter { $0.contains(Self.password) }.count == 1)

        // The hand-over operations carry exactly the one item's secrets.
        frames.reset()
        let revealed = try client.reveal(view.id)
        #expect(revealed.password == Self.password && revealed.passwordHistory.map(\.password) == [Self.oldPassword])
        #expect(frames.received.count == 1 && frames.received[0].contains(Self.fieldValue))
        frames.reset()
        let credential = try client.fill([ServiceIdentifier("https://bank.example.com", kind: .url)])
        #expect(credential.password == Self.password)
        #expect(frames.received.count == 1 && !frames.received[0].contains(Self.oldPassword)
                && !frames.received[0].contains(Self.fieldValue))
    }

    @Test func aOneTimeCodeLeavesTheAgentWithoutItsSecret() throws {
        let folder = TemporaryFolder()
        let secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
        let item = Item(title: "Codes", username: "alice", password: Self.password,
                        oneTimeCode: "otpauth://totp/Codes:alice?secret=\(secret)&issuer=Codes")
        let path = try Fixture.makeVault(at: folder.file("vault.sqlite"), items: [item, Fixture.login(2)])
        let server = try Fixture.startServer(in: folder)
        defer { server.stop(); server.waitUntilStopped() }
        let client = try AgentClient.connect(to: server.configuration.location)
        _ = try client.unlock(vault: path, password: Fixture.secret())
        let exchange = AgentExchange(location: server.configuration.location, clientName: "test")
        let reply = try #require(exchange.send("oneTimeCode", ["itemID": .string(item.id.uuidString)], vault: path))
        let code = try #require(reply["oneTimeCode"]?["code"]?.string)
        client.vault = path
        let expected = try client.reveal(item.id).currentOneTimeCode(at: Date())?.code
        // Unless the period ended in between (the agent then said 1 s was left).
        #expect(code.count == 6 && (code == expected || reply["oneTimeCode"]?["remaining"]?.int == 1))
        let text = String(decoding: reply.bytes, as: UTF8.self)
        #expect(!text.contains(secret) && !text.contains(Self.password) && !text.contains("otpauth"))
        // A login without a code: an error, nothing handed over.
        let other = try client.resolve("Login 2")
        let none = try #require(exchange.send("oneTimeCode", ["itemID": .string(other.id.uuidString)], vault: path))
        #expect(none["type"]?.string == "error" && none["failure"]?["code"]?.string == "notFound")
    }

    @Test func passwdSendsBothPasswordsInSecretFramesOnly() throws {
        let folder = TemporaryFolder()
        let path = try Fixture.makeVault(at: folder.file("vault.sqlite"))
        let server = try Fixture.startServer(in: folder)
        defer { server.stop(); server.waitUntilStopped() }
        let client = try AgentClient.connect(to: server.configuration.location)
        _ = try client.unlock(vault: path, password: Fixture.secret())
        client.vault = path
        let frames = Frames()
        client.frameObserver = { frames.record($0, $1) }

        do {
            try client.changeMasterPassword(current: Fixture.secret("a guess"), new: Fixture.secret("new master 1"),
                                            kdfMemoryMiB: nil, kdfPasses: nil)
            Issue.record("a wrong current password changed the master password")
        } catch {
            #expect(error.code == .wrongPassword)
        }
        try client.changeMasterPassword(current: Fixture.secret(), new: Fixture.secret("new master 1"),
                                        kdfMemoryMiB: nil, kdfPasses: nil)
        for frame in frames.sent + frames.received {
            #expect(!frame.contains("a guess") && !frame.contains("new master 1") && !frame.contains(Fixture.password))
        }
        #expect(frames.sent.count == 2 && frames.sent.allSatisfy { $0.contains(#""type":"changeMasterPassword""#) })
        let reopened = try Vault(path: path, publicSuffixList: testPublicSuffixList)
        try reopened.unlock(password: Fixture.secret("new master 1"))
        // The connection stayed in step: the frames after the two secrets are read as messages.
        #expect(try client.agentStatus().isUnlocked)
    }

    @Test func thePolicyTableHandsOverOneCredentialAtATimeAndBulkNeedsTheMasterPassword() throws {
        for operation in AgentOperations.names {
            let policy = try #require(AgentOperations.policy(of: operation))
            if policy.secretsOut == .bulk {
                #expect(policy.needsMasterPassword && policy.secretFrames >= 1, "\(operation)")
            }
        }
        let none = ["list", "resolve", "match", "update", "delete", "add", "vaultStatus", "saveSiteCredential",
                    "rejectSiteCredentials", "equivalents", "changeMasterPassword", "unlock"]
        #expect(none.allSatisfy { AgentOperations.policy(of: $0)?.secretsOut == OperationPolicy.SecretsOut.none })
        let one = ["reveal", "fill", "credential", "lookupSiteCredential", "oneTimeCode"]
        #expect(one.allSatisfy { AgentOperations.policy(of: $0)?.secretsOut == .one })
        #expect(ExportOperation.policy.secretsOut == .bulk)
        #expect(UnlockOperation.policy.secretFrames == 1 && ChangeMasterPasswordOperation.policy.secretFrames == 2)
    }
}
