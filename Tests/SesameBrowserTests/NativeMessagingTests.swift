import Foundation
import SesameCrypto
@testable import SesameBrowser
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
