import Foundation
import SesameCrypto
@testable import SesameKeePass

/// Small KeePass files with hostile shapes, built in the test from XML text: KDBX 4 through Sesame's own writer,
/// KDBX 3.1 here (Sesame writes no 3.1), with a cheap key derivation so only the shape costs anything.
enum HostileKeePassFiles {
    static let credentials = KeePassCredentials.password("hostile")

    /// A file of format `version` (4 or 3) around `xml`, which must hold no protected values.
    static func file(version: Int, xml: [UInt8], binaries: [[UInt8]] = []) throws -> [UInt8] {
        version == 3
            ? try kdbx3(xml: xml)
            : try KDBXWriter.write(xml: xml, streamKey: Array(repeating: 7, count: 64), binaries: binaries,
                                   publicCustomData: nil, credentials: credentials, options: .fast)
    }

    /// `<KeePassFile>` with `meta` inside `<Meta>` and `root` as the content of `<Root>`.
    static func document(meta: String = "", root: String) -> [UInt8] {
        Array("<?xml version=\"1.0\" encoding=\"utf-8\"?><KeePassFile><Meta>\(meta)</Meta><Root>\(root)</Root></KeePassFile>".utf8)
    }

    static func entry(_ title: String, extra: String = "") -> String {
        "<Entry><String><Key>Title</Key><Value>\(title)</Value></String>\(extra)</Entry>"
    }

    /// `depth` groups, each inside the one before, with one entry in the innermost.
    static func nestedGroups(depth: Int) -> [UInt8] {
        let open = String(repeating: "<Group><Name>g</Name>", count: depth)
        let close = String(repeating: "</Group>", count: depth)
        return document(root: open + entry("deep") + close)
    }

    private static let masterSeed = [UInt8](repeating: 1, count: 32), transformSeed = [UInt8](repeating: 2, count: 32)
    private static let iv = [UInt8](repeating: 3, count: 16), startBytes = [UInt8](repeating: 4, count: 32)

    /// KDBX 3.1: u16 header fields, AES-KDF, AES-256-CBC over the stream start bytes and the hashed block stream
    /// of the gzip payload (kdbx.md §1.8).
    static func kdbx3(xml: [UInt8], rounds: UInt64 = 100) throws -> [UInt8] {
        kdbx3Header(rounds: rounds) + (try kdbx3Body(xml: xml, rounds: rounds))
    }

    static func kdbx3Header(rounds: UInt64) -> [UInt8] {
        var header = [UInt8].littleEndian(OuterHeader.signature1) + [UInt8].littleEndian(OuterHeader.signature2)
            + [UInt8].littleEndian(UInt16(1)) + [UInt8].littleEndian(UInt16(3))
        func field(_ id: UInt8, _ value: [UInt8]) {
            header.append(id)
            header.appendLittleEndian(UInt16(value.count))
            header.append(contentsOf: value)
        }
        field(2, OuterHeader.Cipher.aes256UUID)
        field(3, [UInt8].littleEndian(UInt32(1)))
        field(4, masterSeed)
        field(5, transformSeed)
        field(6, [UInt8].littleEndian(rounds))
        field(7, iv)
        field(8, [UInt8](repeating: 5, count: 32))
        field(9, startBytes)
        field(10, [UInt8].littleEndian(UInt32(2)))
        field(0, [0x0D, 0x0A, 0x0D, 0x0A])
        return header
    }

    private static func kdbx3Body(xml: [UInt8], rounds: UInt64) throws -> [UInt8] {
        let composite = try credentials.compositeKey()
        let transformed = try KeyDerivation.aesKDF(seed: transformSeed, rounds: rounds).transform(composite)
        let compressed = try Gzip.compress(xml)
        var blocks = [UInt8].littleEndian(UInt32(0)) + KDBXPrimitives.sha256(compressed)
        blocks += [UInt8].littleEndian(UInt32(compressed.count)) + compressed
        blocks += [UInt8].littleEndian(UInt32(1)) + [UInt8](repeating: 0, count: 32) + [UInt8].littleEndian(UInt32(0))
        let key = SecureBytes(copying: KDBXPrimitives.sha256(masterSeed, transformed))
        return try AESCBC.encrypt(startBytes + blocks, key: key, iv: iv)
    }

    /// The start of a KDBX 4 file whose key derivation is `keyDerivation`: enough for every check made before a
    /// key is derived.
    static func kdbx4Header(_ keyDerivation: KeyDerivation) -> [UInt8] {
        OuterHeader(cipher: .aes256, compressed: true, masterSeed: Array(repeating: 1, count: 32),
                    encryptionIV: Array(repeating: 2, count: 16), keyDerivation: keyDerivation).bytes
            + [UInt8](repeating: 0, count: 64)
    }
}
