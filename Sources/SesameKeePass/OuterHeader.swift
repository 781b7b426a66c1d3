/// The unencrypted header at the start of a KDBX file (3.1 or 4.x), as read or about to be written.
struct OuterHeader: Sendable {
    static let signature1: UInt32 = 0x9AA2_D903
    static let signature2: UInt32 = 0xB54B_FB67
    static let version40: UInt32 = 0x0004_0000

    enum Cipher: Sendable, Equatable {
        case aes256, chaCha20

        static let aes256UUID: [UInt8] = hex("31c1f2e6bf714350be5805216afc5aff")
        static let chaCha20UUID: [UInt8] = hex("d6038a2b8b6f4cb5a524339a31dbb59a")
        static let twofishUUID: [UInt8] = hex("ad68f29f576f4bb9a36ad47af965346c")

        init(uuid: [UInt8]) throws {
            switch uuid {
            case Self.aes256UUID: self = .aes256
            case Self.chaCha20UUID: self = .chaCha20
            case Self.twofishUUID: throw KeePassError.unsupportedCipher("Twofish")
            default: throw KeePassError.unsupportedCipher("an unknown cipher")
            }
        }

        var uuid: [UInt8] { self == .aes256 ? Self.aes256UUID : Self.chaCha20UUID }
        var ivSize: Int { self == .aes256 ? 16 : 12 }
    }

    var major: UInt16
    var minor: UInt16
    var cipher: Cipher
    var compressed: Bool
    var masterSeed: [UInt8]
    var encryptionIV: [UInt8]
    var keyDerivation: KeyDerivation
    var publicCustomData: VariantDictionary?
    // KDBX 3.1 only: the inner stream is announced here instead of in the inner header.
    var protectedStreamKey: [UInt8] = []
    var innerStreamID: UInt32 = 0
    var streamStartBytes: [UInt8] = []

    /// The header's own bytes, from the signature through the end-of-header field: hashed and MACed.
    private(set) var bytes: [UInt8] = []

    init(cipher: Cipher, compressed: Bool, masterSeed: [UInt8], encryptionIV: [UInt8], keyDerivation: KeyDerivation,
         publicCustomData: VariantDictionary? = nil) {
        (major, minor) = (4, 0)
        self.cipher = cipher
        self.compressed = compressed
        self.masterSeed = masterSeed
        self.encryptionIV = encryptionIV
        self.keyDerivation = keyDerivation
        self.publicCustomData = publicCustomData
        bytes = serialized()
    }

    /// Reads the header from the start of a file.
    init(parsing file: [UInt8]) throws {
        var reader = ByteReader(file, context: "the header")
        guard file.count >= 12, try reader.u32() == Self.signature1, try reader.u32() == Self.signature2 else {
            throw KeePassError.notKeePassFile
        }
        minor = try reader.u16()
        major = try reader.u16()
        guard major == 4 || (major == 3 && minor <= 1) else { throw KeePassError.unsupportedVersion(major: major, minor: minor) }
        var fields: [UInt8: [UInt8]] = [:]
        while true {
            let id = try reader.u8()
            let length = major >= 4 ? Int(try reader.u32()) : Int(try reader.u16())
            let value = Array(try reader.take(length))
            if id == 0 { break }
            if major >= 4 && [5, 6, 8, 9, 10].contains(id) {
                throw KeePassError.damaged("a KDBX 4 header carries KDBX 3 fields")
            }
            fields[id] = value
        }
        bytes = Array(file[..<reader.offset])

        func required(_ id: UInt8, _ name: String) throws -> [UInt8] {
            guard let value = fields[id] else { throw KeePassError.damaged("the header has no \(name)") }
            return value
        }
        cipher = try Cipher(uuid: try required(2, "cipher"))
        let compression = try required(3, "compression flag")
        guard compression.count == 4, compression[1...].allSatisfy({ $0 == 0 }), compression[0] <= 1 else {
            throw KeePassError.damaged("the header names an unknown compression")
        }
        compressed = compression[0] == 1
        masterSeed = try required(4, "master seed")
        guard masterSeed.count == 32 else { throw KeePassError.damaged("the master seed is not 32 bytes") }
        encryptionIV = try required(7, "encryption IV")
        guard encryptionIV.count == cipher.ivSize else {
            throw KeePassError.damaged("the encryption IV has \(encryptionIV.count) bytes instead of \(cipher.ivSize)")
        }
        if major >= 4 {
            keyDerivation = try KeyDerivation(parameters: VariantDictionary(parsing: try required(11, "KDF parameters")))
            publicCustomData = try fields[12].map(VariantDictionary.init(parsing:))
        } else {
            let rounds = try required(6, "transform rounds")
            guard rounds.count == 8 else { throw KeePassError.damaged("the transform rounds field is not 8 bytes") }
            keyDerivation = .aesKDF(seed: try required(5, "transform seed"),
                                    rounds: rounds.reversed().reduce(0) { $0 << 8 | UInt64($1) })
            protectedStreamKey = try required(8, "protected stream key")
            streamStartBytes = try required(9, "stream start bytes")
            let streamID = try required(10, "inner stream ID")
            guard streamID.count == 4 else { throw KeePassError.damaged("the inner stream ID is not 4 bytes") }
            innerStreamID = streamID.reversed().reduce(0) { $0 << 8 | UInt32($1) }
        }
    }

    /// The KDBX 4 header bytes; the end-of-header field carries CR LF CR LF as KeePass writes it.
    private func serialized() -> [UInt8] {
        var out: [UInt8] = []
        out.appendLittleEndian(Self.signature1)
        out.appendLittleEndian(Self.signature2)
        out.appendLittleEndian(Self.version40)
        func field(_ id: UInt8, _ value: [UInt8]) {
            out.append(id)
            out.appendLittleEndian(UInt32(value.count))
            out.append(contentsOf: value)
        }
        field(2, cipher.uuid)
        field(3, .littleEndian(UInt32(compressed ? 1 : 0)))
        field(4, masterSeed)
        field(7, encryptionIV)
        field(11, keyDerivation.parameters.serialized())
        if let publicCustomData { field(12, publicCustomData.serialized()) }
        field(0, [0x0D, 0x0A, 0x0D, 0x0A])
        return out
    }
}
