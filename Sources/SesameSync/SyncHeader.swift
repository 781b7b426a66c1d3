import Foundation
import SesameCrypto

/// `vault.hdr`, written once when sync is set up: the synced vault's id, the Argon2id parameters, and the sync
/// root key wrapped under the key the master password derives. A new device reads it to join with the password
/// alone; the box binds the id and parameters, so neither can be altered without the password failing.
public struct SyncHeader: Equatable, Sendable {
    public static let fileName = "vault.hdr"
    static let magic = Array("SSHD1".utf8)

    public var vault: UUID
    public var kdf: KDFParameters
    var wrappedRoot: [UInt8]

    /// Wraps `root` under `passwordKey` (derived from the master password with `kdf`).
    public init(vault: UUID, kdf: KDFParameters, root: SymmetricKey, passwordKey: SymmetricKey) {
        self.vault = vault
        self.kdf = kdf
        wrappedRoot = root.withUnsafeBytes { raw in
            AEAD.seal(raw, using: passwordKey, authenticating: Self.associatedData(vault: vault, kdf: kdf))
        }
    }

    private init(vault: UUID, kdf: KDFParameters, wrappedRoot: [UInt8]) {
        self.vault = vault
        self.kdf = kdf
        self.wrappedRoot = wrappedRoot
    }

    /// The sync root key, if `passwordKey` is the right one.
    public func root(passwordKey: SymmetricKey) throws(SyncError) -> SymmetricKey {
        do {
            let bytes = try AEAD.openSecure(
                wrappedRoot, using: passwordKey, authenticating: Self.associatedData(vault: vault, kdf: kdf))
            return try SymmetricKey(bytes: bytes)
        } catch {
            throw .wrongPassword
        }
    }

    public var encoded: [UInt8] {
        var writer = ByteWriter()
        writer.append(Self.magic)
        writer.append(Self.parameterBytes(vault: vault, kdf: kdf))
        writer.appendLengthPrefixed(wrappedRoot)
        return writer.bytes
    }

    public init(decoding bytes: [UInt8]) throws(SyncError) {
        var reader = ByteReader(bytes)
        guard try reader.read(count: Self.magic.count) == Self.magic else { throw .malformed("not a vault header") }
        let vault = try reader.readUUID()
        let algorithm = Int32(bitPattern: try reader.read(UInt32.self))
        let passes = try reader.read(UInt64.self)
        let memory = try reader.read(UInt64.self)
        let salt = try reader.readLengthPrefixed(limit: 64)
        let kdf = KDFParameters(algorithm: algorithm, passes: passes, memoryBytes: memory, salt: salt)
        do { try kdf.validate() } catch { throw .malformed("key derivation parameters are out of range") }
        let wrapped = try reader.readLengthPrefixed(limit: 256)
        guard reader.remaining == 0 else { throw .malformed("trailing bytes") }
        self.init(vault: vault, kdf: kdf, wrappedRoot: wrapped)
    }

    private static func parameterBytes(vault: UUID, kdf: KDFParameters) -> [UInt8] {
        var writer = ByteWriter()
        writer.append(vault)
        writer.append(UInt32(bitPattern: kdf.algorithm))
        writer.append(kdf.passes)
        writer.append(kdf.memoryBytes)
        writer.appendLengthPrefixed(kdf.salt)
        return writer.bytes
    }

    private static func associatedData(vault: UUID, kdf: KDFParameters) -> [UInt8] {
        Array("sesame-sync-header-v1".utf8) + parameterBytes(vault: vault, kdf: kdf)
    }
}
