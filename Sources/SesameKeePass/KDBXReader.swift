import Foundation
import SesameCrypto

/// Opens KDBX 3.1 and 4.x files: header, key derivation, authentication, decryption, decompression, inner header
/// and XML, in that order. Anything that does not authenticate is refused before its content is used.
enum KDBXReader {
    static func read(_ file: [UInt8], credentials: KeePassCredentials, limits: KeePassLimits = .standard) throws
        -> KDBXDocument
    {
        let header = try check(file, limits: limits)
        var composite = try credentials.compositeKey()
        defer { zeroize(&composite) }
        var transformed = try header.keyDerivation.transform(composite)
        defer { zeroize(&transformed) }
        return header.major >= 4
            ? try readVersion4(file, header: header, transformedKey: transformed, limits: limits)
            : try readVersion3(file, header: header, transformedKey: transformed, limits: limits)
    }

    /// The header, once the file's size and its key derivation's cost are within `limits`: everything that can be
    /// refused before a password is asked for.
    static func check(_ file: [UInt8], limits: KeePassLimits = .standard) throws -> OuterHeader {
        let header = try OuterHeader(parsing: file)
        guard file.count <= limits.fileBytes else {
            throw KeePassError.exceedsLimits(
                "it is \(BudgetText.size(file.count)), over \(BudgetText.size(limits.fileBytes))")
        }
        try header.keyDerivation.checkCost(within: limits)
        return header
    }

    // MARK: - KDBX 4

    private static func readVersion4(_ file: [UInt8], header: OuterHeader, transformedKey: [UInt8], limits: KeePassLimits)
        throws -> KDBXDocument
    {
        var reader = ByteReader(file, offset: header.bytes.count, context: "the header")
        let checksum = Array(try reader.take(32))
        let mac = Array(try reader.take(32))
        guard KDBXPrimitives.sha256(header.bytes) == checksum else { throw KeePassError.damaged("its header checksum does not match") }
        var baseKey = KDBXPrimitives.sha512(header.masterSeed, transformedKey, [1])
        defer { zeroize(&baseKey) }
        let headerMAC = KDBXPrimitives.hmacSHA256(
            key: HMACBlockStream.blockKey(index: .max, baseKey: baseKey), ArraySlice(header.bytes))
        // The header is intact (checksum above), so a MAC mismatch means the key is wrong.
        guard KDBXPrimitives.equal(headerMAC, mac) else { throw KeePassError.wrongCredentials }
        let ciphertext = try HMACBlockStream.read(file, from: reader.offset, baseKey: baseKey)
        var payload = try decrypt(ciphertext, header: header, transformedKey: transformedKey)
        defer { zeroize(&payload) }
        if header.compressed { payload = try Gzip.decompress(payload, limit: limits.payloadBytes) }

        var inner = ByteReader(payload, context: "the inner header")
        var streamID: UInt32?
        var streamKey: [UInt8]?
        var binaries: [[UInt8]] = []
        defer { if streamKey != nil { zeroize(&streamKey!) } }
        while true {
            let id = try inner.u8()
            let value = try inner.take(Int(try inner.u32()))
            switch id {
            case 0: break
            case 1:
                guard value.count == 4 else { throw KeePassError.damaged("the inner stream ID is not 4 bytes") }
                streamID = value.reversed().reduce(0) { $0 << 8 | UInt32($1) }
                continue
            case 2: streamKey = Array(value); continue
            case 3:
                guard !value.isEmpty else { throw KeePassError.damaged("an attachment in the inner header has no flags") }
                guard binaries.count < limits.attachments else {
                    throw KeePassError.exceedsLimits("it has more than \(BudgetText.grouped(limits.attachments)) attachments")
                }
                binaries.append(Array(value.dropFirst()))
                continue
            default: continue  // later versions may add fields; they carry nothing Sesame maps
            }
            break
        }
        guard let streamID, let streamKey else { throw KeePassError.damaged("the inner header names no protected-value stream") }
        let root = try parseXML(payload[inner.offset...], stream: InnerStream(id: streamID, key: streamKey), limits: limits)
        return KDBXDocument(root: root, binaries: binaries, majorVersion: 4, publicCustomData: header.publicCustomData)
    }

    // MARK: - KDBX 3.1

    private static func readVersion3(_ file: [UInt8], header: OuterHeader, transformedKey: [UInt8], limits: KeePassLimits)
        throws -> KDBXDocument
    {
        guard header.streamStartBytes.count == 32 else { throw KeePassError.damaged("its stream start bytes are not 32 bytes") }
        var plaintext: [UInt8]
        do {
            plaintext = try decrypt(Array(file[header.bytes.count...]), header: header, transformedKey: transformedKey)
        } catch KeePassError.damaged {
            // KDBX 3 has no MAC: a wrong key shows up as bad padding or wrong start bytes.
            throw KeePassError.wrongCredentials
        }
        defer { zeroize(&plaintext) }
        guard plaintext.count >= 32, KDBXPrimitives.equal(header.streamStartBytes, plaintext[..<32]) else {
            throw KeePassError.wrongCredentials
        }
        var payload = try HashedBlockStream.read(plaintext, from: 32)
        defer { zeroize(&payload) }
        if header.compressed { payload = try Gzip.decompress(payload, limit: limits.payloadBytes) }
        let root = try parseXML(payload[...], stream: InnerStream(id: header.innerStreamID, key: header.protectedStreamKey),
                                limits: limits)
        // 3.1 authenticates its header only through this hash inside the encrypted XML (3.0 has none).
        if let recorded = root.child("Meta")?[text: "HeaderHash"], !recorded.isEmpty {
            guard Data(base64Encoded: recorded).map(Array.init) == KDBXPrimitives.sha256(header.bytes) else {
                throw KeePassError.damaged("its header was modified (the header hash does not match)")
            }
        }
        var binaries: [[UInt8]] = []
        // Inflated attachments share the payload's budget with the XML, as KDBX 4's inner header does.
        var inflated = payload.count
        for binary in root.child("Meta")?.child("Binaries")?.children(named: "Binary") ?? [] {
            guard let id = binary.attribute("ID").flatMap(Int.init), id >= 0 else {
                throw KeePassError.damaged("an attachment has no valid ID")
            }
            guard id < limits.attachments else {
                throw KeePassError.exceedsLimits("it has more than \(BudgetText.grouped(limits.attachments)) attachments")
            }
            guard var data = Data(base64Encoded: binary.text, options: .ignoreUnknownCharacters).map(Array.init) else {
                throw KeePassError.damaged("attachment \(id) is not base64")
            }
            if binary.attribute("Compressed")?.lowercased() == "true" {
                do {
                    data = try Gzip.decompress(data, limit: limits.payloadBytes - inflated)
                } catch KeePassError.exceedsLimits {
                    throw KeePassError.exceedsLimits(
                        "its payload and attachments inflate beyond \(BudgetText.size(limits.payloadBytes))")
                }
                inflated += data.count
            }
            while binaries.count <= id { binaries.append([]) }
            binaries[id] = data
        }
        return KDBXDocument(root: root, binaries: binaries, majorVersion: 3)
    }

    // MARK: - Shared

    private static func decrypt(_ ciphertext: [UInt8], header: OuterHeader, transformedKey: [UInt8]) throws -> [UInt8] {
        var key = KDBXPrimitives.sha256(header.masterSeed, transformedKey)
        defer { zeroize(&key) }
        switch header.cipher {
        case .aes256:
            do {
                return try AESCBC.decrypt(ciphertext, key: SecureBytes(copying: key), iv: header.encryptionIV)
                    .withUnsafeBytes { Array($0) }
            } catch {
                throw KeePassError.damaged("its encrypted data does not decrypt")
            }
        case .chaCha20:
            var data = ciphertext
            KDBXPrimitives.chaCha20(&data, key: key, nonce: header.encryptionIV)
            return data
        }
    }

    /// Parses the XML, decrypting every protected value in document order. Protected attachments (KDBX 3's
    /// Meta/Binaries) stay base64 of their plaintext bytes, and lose the mark since they are not strings.
    static func parseXML(_ xml: ArraySlice<UInt8>, stream: InnerStream, limits: KeePassLimits = .standard) throws -> XMLNode {
        var stream = stream
        return try XMLTreeReader.parse(xml, limits: limits) { node, parentName in
            guard var bytes = Data(base64Encoded: node.text, options: .ignoreUnknownCharacters).map(Array.init) else {
                throw KeePassError.damaged("a protected value is not base64")
            }
            stream.apply(&bytes)
            if parentName == "Binaries" {
                node.text = Data(bytes).base64EncodedString()
                node.attributes.removeAll { $0.name == "Protected" }
            } else {
                node.text = String(decoding: bytes, as: UTF8.self)
            }
            zeroize(&bytes)
        }
    }
}
