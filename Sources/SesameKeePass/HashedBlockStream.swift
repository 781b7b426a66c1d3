/// KDBX 3's framing of the decrypted payload: `u32 index ‖ SHA-256 ‖ i32 length ‖ data`, ending with an empty block.
/// The hashes only detect damage; KDBX 3 authenticates nothing, which is why the reader also checks Meta/HeaderHash.
enum HashedBlockStream {
    static func read(_ payload: [UInt8], from offset: Int) throws -> [UInt8] {
        var reader = ByteReader(payload, offset: offset, context: "the hashed block stream")
        var output: [UInt8] = []
        var expectedIndex: UInt32 = 0
        while true {
            guard try reader.u32() == expectedIndex else { throw KeePassError.damaged("the payload blocks are out of order") }
            let hash = Array(try reader.take(32))
            let length = Int(Int32(bitPattern: try reader.u32()))
            guard length >= 0 else { throw KeePassError.damaged("a payload block has a negative length") }
            if length == 0 {
                guard hash.allSatisfy({ $0 == 0 }) else { throw KeePassError.damaged("the last payload block is malformed") }
                return output
            }
            let data = try reader.take(length)
            guard KDBXPrimitives.sha256(Array(data)) == hash else {
                throw KeePassError.damaged("payload block \(expectedIndex) fails its hash")
            }
            output.append(contentsOf: data)
            expectedIndex += 1
        }
    }
}
