import Foundation
import SesameCrypto

/// Writes KDBX 4.0: fresh master seed, IV, KDF salt and inner-stream key on every call (never reused across saves).
enum KDBXWriter {
    static func write(_ document: KDBXDocument, credentials: KeePassCredentials, options: KeePassExportOptions) throws -> [UInt8] {
        var streamKey = SecureRandom.bytes(count: 64)
        defer { zeroize(&streamKey) }
        var stream = try InnerStream(id: InnerStream.Algorithm.chaCha20.rawValue, key: streamKey)
        let xml = XMLTreeWriter.document(encryptingProtectedValues(document.root, with: &stream))
        // Every file Sesame writes reads back: nothing over the limits its reader keeps.
        let limits = KeePassLimits.standard
        let payload = document.binaries.reduce(xml.count) { $0 + $1.count }
        guard payload <= limits.payloadBytes else {
            throw KeePassError.exceedsLimits(
                "the export would hold \(BudgetText.size(payload)), over the \(BudgetText.size(limits.payloadBytes)) Sesame reads back")
        }
        let file = try write(xml: xml, streamKey: streamKey, binaries: document.binaries,
                             publicCustomData: document.publicCustomData, credentials: credentials, options: options)
        guard file.count <= limits.fileBytes else {
            throw KeePassError.exceedsLimits(
                "the export would be \(BudgetText.size(file.count)), over the \(BudgetText.size(limits.fileBytes)) Sesame reads back")
        }
        return file
    }

    /// A file around `xml` as it stands (its protected values already XORed with the stream of `streamKey`).
    static func write(xml: [UInt8], streamKey: [UInt8], binaries: [[UInt8]], publicCustomData: VariantDictionary?,
                      credentials: KeePassCredentials, options: KeePassExportOptions) throws -> [UInt8] {
        let cipher: OuterHeader.Cipher = options.cipher == .aes256 ? .aes256 : .chaCha20
        let header = OuterHeader(
            cipher: cipher, compressed: true, masterSeed: SecureRandom.bytes(count: 32),
            encryptionIV: SecureRandom.bytes(count: cipher.ivSize),
            keyDerivation: options.keyDerivation.parameters(salt: SecureRandom.bytes(count: 32)),
            publicCustomData: publicCustomData)
        var composite = try credentials.compositeKey()
        defer { zeroize(&composite) }
        var transformed = try header.keyDerivation.transform(composite)
        defer { zeroize(&transformed) }
        var baseKey = KDBXPrimitives.sha512(header.masterSeed, transformed, [1])
        defer { zeroize(&baseKey) }
        var cipherKey = KDBXPrimitives.sha256(header.masterSeed, transformed)
        defer { zeroize(&cipherKey) }

        var payload: [UInt8] = []
        defer { zeroize(&payload) }
        func innerField(_ id: UInt8, _ value: [UInt8]) {
            payload.append(id)
            payload.appendLittleEndian(UInt32(value.count))
            payload.append(contentsOf: value)
        }
        innerField(1, .littleEndian(InnerStream.Algorithm.chaCha20.rawValue))
        innerField(2, streamKey)
        for binary in binaries { innerField(3, [0] + binary) }
        innerField(0, [])
        payload += xml
        var compressed = try Gzip.compress(payload)
        defer { zeroize(&compressed) }

        let ciphertext: [UInt8]
        switch cipher {
        case .aes256:
            ciphertext = try AESCBC.encrypt(compressed, key: SecureBytes(copying: cipherKey), iv: header.encryptionIV)
        case .chaCha20:
            var data = compressed
            KDBXPrimitives.chaCha20(&data, key: cipherKey, nonce: header.encryptionIV)
            ciphertext = data
        }
        var file = header.bytes
        file += KDBXPrimitives.sha256(header.bytes)
        file += KDBXPrimitives.hmacSHA256(key: HMACBlockStream.blockKey(index: .max, baseKey: baseKey), ArraySlice(header.bytes))
        file += HMACBlockStream.write(ciphertext, baseKey: baseKey)
        return file
    }

    /// A copy of the tree with every protected value XORed with the stream and base64-encoded, in document order.
    private static func encryptingProtectedValues(_ node: XMLNode, with stream: inout InnerStream) -> XMLNode {
        var node = node
        if node.attribute("Protected") == "True" {
            var bytes = Array(node.text.utf8)
            stream.apply(&bytes)
            node.text = Data(bytes).base64EncodedString()
        }
        for index in node.children.indices {
            node.children[index] = encryptingProtectedValues(node.children[index], with: &stream)
        }
        return node
    }
}
