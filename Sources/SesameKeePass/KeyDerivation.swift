import SesameCrypto
import CArgon2
#if canImport(COpenSSL)
import COpenSSL
#endif

/// The key derivation of a KDBX file: Argon2d, Argon2id (libargon2) or AES-KDF (OpenSSL AES-256-ECB).
enum KeyDerivation: Equatable, Sendable {
    case argon2(Argon2Variant, salt: [UInt8], memoryBytes: UInt64, iterations: UInt64, parallelism: UInt32, version: UInt32)
    case aesKDF(seed: [UInt8], rounds: UInt64)

    enum Argon2Variant: Sendable { case d, id }

    static let argon2dUUID: [UInt8] = hex("ef636ddf8c29444b91f7a9a403e30a0c")
    static let argon2idUUID: [UInt8] = hex("9e298b1956db4773b23dfc3ec6f0a1e6")
    static let aesKDFUUID: [UInt8] = hex("c9d9f39a628a4460bf740d08c18a4fea")
    /// KeePassXC's name for the same AES-KDF inside KDBX 4.
    static let aesKDFKDBX4UUID: [UInt8] = hex("7c02bb8279a74ac0927d114a00648238")

    init(parameters: VariantDictionary) throws {
        guard case .bytes(let uuid)? = parameters["$UUID"] else { throw KeePassError.damaged("the KDF parameters name no KDF") }
        switch uuid {
        case Self.argon2dUUID, Self.argon2idUUID:
            guard case .bytes(let salt)? = parameters["S"], case .uint32(let parallelism)? = parameters["P"],
                  case .uint64(let memory)? = parameters["M"], case .uint64(let iterations)? = parameters["I"],
                  case .uint32(let version)? = parameters["V"]
            else { throw KeePassError.damaged("the Argon2 parameters are incomplete") }
            self = .argon2(uuid == Self.argon2dUUID ? .d : .id, salt: salt, memoryBytes: memory, iterations: iterations,
                           parallelism: parallelism, version: version)
        case Self.aesKDFUUID, Self.aesKDFKDBX4UUID:
            guard case .bytes(let seed)? = parameters["S"], case .uint64(let rounds)? = parameters["R"] else {
                throw KeePassError.damaged("the AES-KDF parameters are incomplete")
            }
            self = .aesKDF(seed: seed, rounds: rounds)
        default:
            throw KeePassError.unsupportedKeyDerivation
        }
    }

    var parameters: VariantDictionary {
        var dictionary = VariantDictionary()
        switch self {
        case .argon2(let variant, let salt, let memory, let iterations, let parallelism, let version):
            dictionary["$UUID"] = .bytes(variant == .d ? Self.argon2dUUID : Self.argon2idUUID)
            dictionary["S"] = .bytes(salt)
            dictionary["P"] = .uint32(parallelism)
            dictionary["M"] = .uint64(memory)
            dictionary["I"] = .uint64(iterations)
            dictionary["V"] = .uint32(version)
        case .aesKDF(let seed, let rounds):
            // The KeePass UUID: pykeepass refuses KeePassXC's KDBX 4 variant.
            dictionary["$UUID"] = .bytes(Self.aesKDFUUID)
            dictionary["R"] = .uint64(rounds)
            dictionary["S"] = .bytes(seed)
        }
        return dictionary
    }

    /// Refuses costs beyond `limits` before anything is allocated or derived: the header is read before any key
    /// check is possible, so whoever made the file chooses them, and a wrong password pays them in full.
    func checkCost(within limits: KeePassLimits = .standard) throws {
        switch self {
        case .argon2(_, _, let memory, let iterations, let parallelism, _):
            guard memory <= limits.argon2MemoryBytes else {
                throw KeePassError.keyDerivationTooExpensive(
                    "asks for \(BudgetText.size(memory)) of memory, over Sesame's limit of "
                        + BudgetText.size(limits.argon2MemoryBytes))
            }
            guard parallelism <= limits.argon2Parallelism else {
                throw KeePassError.keyDerivationTooExpensive(
                    "asks for \(BudgetText.grouped(parallelism)) parallel lanes, over Sesame's limit of "
                        + BudgetText.grouped(limits.argon2Parallelism))
            }
            // Every iteration fills at least a block (1 KiB), whatever the memory says.
            let (work, overflow) = max(memory, 1024).multipliedReportingOverflow(by: iterations)
            guard !overflow, work <= limits.argon2WorkBytes else {
                throw KeePassError.keyDerivationTooExpensive(
                    "asks for \(BudgetText.grouped(iterations)) iterations over \(BudgetText.size(memory)), "
                        + "over Sesame's limit of \(BudgetText.grouped(limits.argon2WorkBytes >> 20)) MiB × iterations "
                        + "(such as \(BudgetText.grouped(limits.argon2WorkBytes >> 26)) iterations over 64 MiB)")
            }
        case .aesKDF(_, let rounds):
            guard rounds <= limits.aesKDFRounds else {
                throw KeePassError.keyDerivationTooExpensive(
                    "asks for \(BudgetText.grouped(rounds)) AES-KDF rounds, over Sesame's limit of "
                        + BudgetText.grouped(limits.aesKDFRounds))
            }
        }
    }

    /// The transformed key from the 32-byte composite key.
    func transform(_ compositeKey: [UInt8]) throws -> [UInt8] {
        try checkCost()
        switch self {
        case .argon2(let variant, let salt, let memory, let iterations, let parallelism, let version):
            guard parallelism >= 1, iterations >= 1, iterations <= UInt64(UInt32.max), version == 0x10 || version == 0x13,
                  salt.count >= 8 else {
                throw KeePassError.damaged("the Argon2 parameters are out of range")
            }
            var out = [UInt8](repeating: 0, count: 32)
            let code = argon2_hash(
                UInt32(iterations), UInt32(memory / 1024), parallelism, compositeKey, compositeKey.count, salt, salt.count,
                &out, out.count, nil, 0, variant == .d ? Argon2_d : Argon2_id, version)
            guard code == ARGON2_OK.rawValue else {
                throw KeePassError.keyDerivationTooExpensive("failed in Argon2 (\(String(cString: argon2_error_message(code))))")
            }
            return out
        case .aesKDF(let seed, let rounds):
            return try Self.aesKDF(compositeKey, seed: seed, rounds: rounds)
        }
    }

    private static func aesKDF(_ key: [UInt8], seed: [UInt8], rounds: UInt64) throws -> [UInt8] {
        #if canImport(COpenSSL)
        guard seed.count == 32 else { throw KeePassError.damaged("the AES-KDF seed is not 32 bytes") }
        guard let context = EVP_CIPHER_CTX_new() else { throw KeePassError.keyDerivationTooExpensive("could not start AES") }
        defer { EVP_CIPHER_CTX_free(context) }
        var block = key, next = [UInt8](repeating: 0, count: 48)
        defer { zeroize(&block); zeroize(&next) }
        guard EVP_EncryptInit_ex(context, EVP_aes_256_ecb(), nil, seed, nil) == 1 else {
            throw KeePassError.keyDerivationTooExpensive("could not start AES")
        }
        EVP_CIPHER_CTX_set_padding(context, 0)
        var written: Int32 = 0
        for _ in 0..<rounds {
            _ = EVP_EncryptUpdate(context, &next, &written, block, 32)
            block.withUnsafeMutableBufferPointer { b in next.withUnsafeBufferPointer { b.baseAddress!.update(from: $0.baseAddress!, count: 32) } }
        }
        return KDBXPrimitives.sha256(block)
        #else
        throw KeePassError.unsupportedKeyDerivation
        #endif
    }
}

func hex(_ string: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var iterator = string.makeIterator()
    while let high = iterator.next(), let low = iterator.next() {
        bytes.append(UInt8(String([high, low]), radix: 16)!)
    }
    return bytes
}
