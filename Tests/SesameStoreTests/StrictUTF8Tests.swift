import SesameStore
import Testing

/// `String(strictUTF8:)`, what the readers of outside bytes (KeePass files, CSV, sync settings) use to refuse text that
/// is not UTF-8 on iOS 17, where `String(validating:as:)` does not exist.
@Suite struct StrictUTF8Tests {
    @Test func validUTF8ComesBackAsItsText() {
        #expect(String(strictUTF8: Array("Bücher 🔑".utf8)) == "Bücher 🔑")
        #expect(String(strictUTF8: [UInt8]()) == "")
        #expect(String(strictUTF8: Array("x,y".utf8)[2...]) == "y")
    }

    @Test(arguments: [
        [0xFF],                    // never in UTF-8
        [0xC3],                    // a sequence cut short
        [0xC0, 0x80],              // an overlong NUL
        [0xED, 0xA0, 0x80],        // a UTF-16 surrogate
        [0xF4, 0x90, 0x80, 0x80],  // beyond U+10FFFF
        [0x61, 0x80, 0x62],        // a lone continuation byte
    ] as [[UInt8]])
    func bytesThatAreNotUTF8AreRefused(_ bytes: [UInt8]) {
        #expect(String(strictUTF8: bytes) == nil)
    }
}
