/// The stream cipher that hides protected values inside the XML: one keystream consumed in document order.
struct InnerStream {
    enum Algorithm: UInt32 { case salsa20 = 2, chaCha20 = 3 }

    private let algorithm: Algorithm
    private var key: [UInt8]
    private let nonce: [UInt8]
    private var keystream: [UInt8] = []
    private var position = 0
    private var nextBlock: UInt64 = 0
    private static let chunkBlocks = 64

    init(id: UInt32, key streamKey: [UInt8]) throws {
        guard let algorithm = Algorithm(rawValue: id) else {
            throw KeePassError.damaged("the protected-value stream \(id) is unknown (Sesame knows Salsa20 and ChaCha20)")
        }
        self.algorithm = algorithm
        switch algorithm {
        case .chaCha20:
            let hash = KDBXPrimitives.sha512(streamKey)
            key = Array(hash[0..<32])
            nonce = Array(hash[32..<44])
        case .salsa20:
            key = KDBXPrimitives.sha256(streamKey)
            nonce = [0xE8, 0x30, 0x09, 0x4B, 0x97, 0x20, 0x5D, 0x2A]
        }
    }

    /// XORs the next `bytes.count` bytes of the keystream over `bytes` (encryption and decryption alike).
    mutating func apply(_ bytes: inout [UInt8]) {
        for index in bytes.indices {
            if position == keystream.count { refill() }
            bytes[index] ^= keystream[position]
            position += 1
        }
    }

    private mutating func refill() {
        keystream = [UInt8](repeating: 0, count: 64 * Self.chunkBlocks)
        switch algorithm {
        case .chaCha20: KDBXPrimitives.chaCha20(&keystream, key: key, nonce: nonce, counter: UInt32(truncatingIfNeeded: nextBlock))
        case .salsa20: KDBXPrimitives.salsa20(&keystream, key: key, nonce: nonce, counter: nextBlock)
        }
        nextBlock += UInt64(Self.chunkBlocks)
        position = 0
    }
}
