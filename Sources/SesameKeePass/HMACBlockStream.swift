/// KDBX 4's authenticated framing of the ciphertext: `HMAC ‖ u32 length ‖ data` blocks ending with an empty block,
/// each MACed with a key bound to its index, so blocks cannot be dropped, reordered or truncated unnoticed.
enum HMACBlockStream {
    static let defaultBlockSize = 1 << 20

    /// The per-block key: SHA-512(u64le(index) ‖ base key).
    static func blockKey(index: UInt64, baseKey: [UInt8]) -> [UInt8] {
        KDBXPrimitives.sha512(.littleEndian(index), baseKey)
    }

    /// Verifies every block and returns the concatenated ciphertext.
    static func read(_ file: [UInt8], from offset: Int, baseKey: [UInt8]) throws -> [UInt8] {
        var reader = ByteReader(file, offset: offset, context: "the block stream")
        var output: [UInt8] = []
        var index: UInt64 = 0
        while true {
            let mac = Array(try reader.take(32))
            let lengthBytes = try reader.take(4)
            let length = Int(lengthBytes.reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            let data = try reader.take(length)
            let expected = KDBXPrimitives.hmacSHA256(
                key: blockKey(index: index, baseKey: baseKey), ArraySlice([UInt8].littleEndian(index)), lengthBytes, data)
            guard KDBXPrimitives.equal(expected, mac) else {
                throw KeePassError.damaged("block \(index) of the encrypted data fails its authentication")
            }
            if length == 0 { return output }
            output.append(contentsOf: data)
            index += 1
        }
    }

    static func write(_ ciphertext: [UInt8], baseKey: [UInt8], blockSize: Int = defaultBlockSize) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(ciphertext.count + (ciphertext.count / blockSize + 2) * 36)
        var index: UInt64 = 0
        var start = 0
        while true {
            let end = min(start + blockSize, ciphertext.count)
            let data = ciphertext[start..<end]
            let lengthBytes: [UInt8] = .littleEndian(UInt32(data.count))
            output.append(contentsOf: KDBXPrimitives.hmacSHA256(
                key: blockKey(index: index, baseKey: baseKey), ArraySlice([UInt8].littleEndian(index)), ArraySlice(lengthBytes), data))
            output.append(contentsOf: lengthBytes)
            output.append(contentsOf: data)
            if data.isEmpty { return output }
            index += 1
            start = end
        }
    }
}
