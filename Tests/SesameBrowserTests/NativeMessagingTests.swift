import Foundation
import SesameAutoFill
import SesameBrowserAccess
import SesameCrypto
import SesameStore
@testable import SesameBrowser
import SesameTerminal
import Testing

/// The framing and the crypto box session, without a browser.
@Suite struct NativeMessagingTests {
    @Test func messagesSplitAcrossReadsComeOutWholeAndInOrder() throws {
        let first = Array(#"{"action":"a"}"#.utf8), second = Array(#"{"action":"b"}"#.utf8)
        let stream = NativeMessageReader.frame(first) + NativeMessageReader.frame(second)
        #expect(Array(stream.prefix(4)) == [UInt8(first.count), 0, 0, 0])
        var reader = NativeMessageReader()
        var received: [[UInt8]] = []
        for byte in stream {
            reader.append([byte])
            while let message = try reader.next() { received.append(message) }
        }
        #expect(received == [first, second])
        try reader.finish()
    }

    @Test func anOversizedOrCutMessageIsRefused() throws {
        var reader = NativeMessageReader()
        reader.append([0x01, 0x00, 0x10, 0x00])
        #expect(throws: NativeMessageReader.Failure.tooLarge(0x0010_0001)) { try reader.next() }

        var cut = NativeMessageReader()
        cut.append(NativeMessageReader.frame(Array("{}".utf8)).dropLast())
        #expect(try cut.next() == nil)
        #expect(throws: NativeMessageReader.Failure.truncated) { try cut.finish() }
    }

    @Test func manySmallMessagesInOneReadComeOutInOrderWithPartialOnesKept() throws {
        var stream: [UInt8] = []
        for index in 0..<5000 { stream += NativeMessageReader.frame(Array("{\"n\":\(index)}".utf8)) }
        var reader = NativeMessageReader()
        var received: [[UInt8]] = []
        // Reads of odd sizes, as a pipe gives them: frames cut anywhere, the consumed front dropped on the way.
        var offset = 0
        while offset < stream.count {
            let end = min(stream.count, offset + 7919)
            reader.append(stream[offset..<end])
            while let message = try reader.next() { received.append(message) }
            offset = end
        }
        try reader.finish()
        #expect(received.count == 5000)
        #expect(received.last == Array("{\"n\":4999}".utf8) && received[1234] == Array("{\"n\":1234}".utf8))
    }

    @Test func jsonOverItsDepthOrSizeBudgetIsRefusedBeforeParsing() throws {
        let request = Array(#"{"action":"get-logins","url":"https://a.example/[{","keys":[{"id":"a","key":"k"}]}"#.utf8)
        try BrowserJSONBudget.check(request)
        let deep = Array((String(repeating: "[", count: 17) + String(repeating: "]", count: 17)).utf8)
        #expect(throws: BrowserJSONBudget.Violation.tooDeep) { try BrowserJSONBudget.check(deep) }
        try BrowserJSONBudget.check(Array((String(repeating: "[", count: 16) + String(repeating: "]", count: 16)).utf8))
        let wide = Array(("[" + Array(repeating: "0", count: 4096).joined(separator: ",") + "]").utf8)
        #expect(throws: BrowserJSONBudget.Violation.tooManyValues) { try BrowserJSONBudget.check(wide) }
        // Brackets and commas inside strings, escaped quotes included, are text.
        let text = Array(("{\"s\":\"" + String(repeating: "[,\\\"", count: 5000) + "\"}").utf8)
        try BrowserJSONBudget.check(text)
        #expect(throws: BrowserMessage.ParseFailure.overBudget(.tooDeep)) { try BrowserMessage.parse(deep) }
    }

    /// Through the host: a message over the budget is answered with the limit's name, as the protocol's error.
    @Test func theHostNamesTheLimitAMessageExceeds() throws {
        final class Output: @unchecked Sendable {
            var frames: [[UInt8]] = []
        }
        final class NoVault: BrowserBackend, @unchecked Sendable {
            func call<T>(_ body: (any BrowserAccess) throws(ServiceFailure) -> T) throws(ServiceFailure) -> T {
                throw ServiceFailure(.locked, "locked")
            }
            func requestAssociation(key: String, origin: String) throws(ServiceFailure) -> (BrowserAssociation, hash: String) {
                throw ServiceFailure(.locked, "locked")
            }
            func requestAutoType(site: String) throws(ServiceFailure) {}
            func lock() throws(ServiceFailure) {}
        }
        let output = Output()
        let host = BrowserHost(backend: NoVault(), consent: PinentryPasskeyConsent(pinentry: Pinentry(program: nil)), origin: "test") {
            output.frames.append($0)
        }
        let nested = String(repeating: "{\"a\":", count: 40) + "1" + String(repeating: "}", count: 40)
        host.handle(Array(("{\"action\":\"get-logins\",\"x\":" + nested + "}").utf8))
        let reply = try #require(output.frames.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(reply.dropFirst(4))) as? [String: String])
        #expect(object["errorCode"] == "13")
        #expect(object["error"] == "The message nests deeper than the 16 levels Sesame reads.")
    }

    @Test func theNonceIncrementsAsALittleEndianNumber() {
        #expect(PublicKeyBox.increment([0, 0, 0]) == [1, 0, 0])
        #expect(PublicKeyBox.increment([0xFF, 0x01, 0]) == [0x00, 0x02, 0])
        #expect(PublicKeyBox.increment([0xFF, 0xFF]) == [0x00, 0x00])
    }

    @Test func aSessionOpensTheExtensionsBoxesOnceAndOnlyUnderItsCurrentKeys() throws {
        let session = BrowserSession()
        let extensionKeys = PublicKeyBox.KeyPair()
        let nonce = SecureRandom.bytes(count: 24)
        #expect(throws: BrowserSession.Failure.noClientKey) { try session.open(message: "AAAA", nonce: "AAAA") }

        let hostKey = session.changeKeys(clientKey: extensionKeys.publicKey)
        let box = try PublicKeyBox.seal(Array(#"{"action":"get-databasehash"}"#.utf8), nonce: nonce, to: hostKey, from: extensionKeys)
        let encoded = Data(box).base64EncodedString(), encodedNonce = Data(nonce).base64EncodedString()
        #expect(try session.open(message: encoded, nonce: encodedNonce) == Array(#"{"action":"get-databasehash"}"#.utf8))
        #expect(throws: BrowserSession.Failure.replayedNonce) { try session.open(message: encoded, nonce: encodedNonce) }

        var tampered = box
        tampered[0] ^= 1
        let fresh = Data(SecureRandom.bytes(count: 24)).base64EncodedString()
        #expect(throws: BrowserSession.Failure.cannotDecrypt) {
            try session.open(message: Data(tampered).base64EncodedString(), nonce: fresh)
        }
        // The reply opens with the host's key and the incremented nonce, as the extension opens it.
        let next = PublicKeyBox.increment(nonce)
        let reply = try #require(Data(base64Encoded: try session.seal(Array("{}".utf8), nonce: next)))
        #expect(try PublicKeyBox.open(Array(reply), nonce: next, from: hostKey, to: extensionKeys) == Array("{}".utf8))

        // A new key exchange makes a new host key: boxes for the old one no longer open.
        let newHostKey = session.changeKeys(clientKey: extensionKeys.publicKey)
        #expect(newHostKey != hostKey)
        let nonce2 = SecureRandom.bytes(count: 24)
        let stale = try PublicKeyBox.seal(Array("{}".utf8), nonce: nonce2, to: hostKey, from: extensionKeys)
        #expect(throws: BrowserSession.Failure.cannotDecrypt) {
            try session.open(message: Data(stale).base64EncodedString(), nonce: Data(nonce2).base64EncodedString())
        }
    }

    @Test func itemIDsTravelAs32HexDigitsBothWays() throws {
        let id = try #require(UUID(uuidString: "DDEAA427-553A-40FC-BA34-9FD841E17545"))
        #expect(BrowserHost.hex(id) == "ddeaa427553a40fcba349fd841e17545")
        #expect(BrowserHost.itemID("ddeaa427553a40fcba349fd841e17545") == id)
        #expect(BrowserHost.itemID("ddeaa427-553a-40fc-ba34-9fd841e1754") == nil)
        #expect(BrowserHost.itemID("zzeaa427553a40fcba349fd841e17545") == nil)
    }
}
