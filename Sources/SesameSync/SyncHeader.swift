import Foundation
import SesameCrypto

/// `vault.hdr`: the synced vault's id, the Argon2id parameters, and the sync root key wrapped under the key the
/// master password derives. A new device reads it to join with the password alone; the box binds the id,
/// parameters and generation, so none can be altered without the password failing.
///
/// A `sesame passwd` publishes a new header of the next generation, wrapped under the new password, so a new
/// device joins with the new password and the old one no longer opens the header. Devices that hold the root
/// already cannot open the new header (they do not know the new password); they check its root tag instead, a
/// tag under a key derived from the root, and adopt the header of the highest generation (equal generations: the
/// greater encoding, so every device picks the same). Version 1 headers (generation 0) carry no tag.
public struct SyncHeader: Equatable, Sendable {
    public static let fileName = "vault.hdr"
    static let magicV1 = Array("SSHD1".utf8)
    static let magic = Array("SSHD2".utf8)

    public var vault: UUID
    public var kdf: KDFParameters
    /// 0 when sync was set up; one more at each master password change that republished it.
    public var generation: UInt64
    var wrappedRoot: [UInt8]
    /// Proves the header was made by a holder of the root; nil in a version 1 header.
    var rootTag: [UInt8]?

    /// Wraps `root` under `passwordKey` (derived from the master password with `kdf`) and tags it under the root.
    public init(vault: UUID, kdf: KDFParameters, root: SymmetricKey, passwordKey: SymmetricKey, generation: UInt64 = 0) {
        self.vault = vault
        self.kdf = kdf
        self.generation = generation
        let body = Self.bodyBytes(vault: vault, kdf: kdf, generation: generation)
        wrappedRoot = root.withUnsafeBytes { raw in
            AEAD.seal(raw, using: passwordKey, authenticating: Array("sesame-sync-header-v2".utf8) + body)
        }
        rootTag = AEAD.seal([], using: SyncKeys(root: root).header, authenticating: Self.tagged(body, wrappedRoot))
    }

    private init(vault: UUID, kdf: KDFParameters, generation: UInt64, wrappedRoot: [UInt8], rootTag: [UInt8]?) {
        self.vault = vault
        self.kdf = kdf
        self.generation = generation
        self.wrappedRoot = wrappedRoot
        self.rootTag = rootTag
    }

    /// The sync root key, if `passwordKey` is the right one.
    public func root(passwordKey: SymmetricKey) throws(SyncError) -> SymmetricKey {
        do {
            let bytes = try AEAD.openSecure(wrappedRoot, using: passwordKey, authenticating: wrappingAssociatedData)
            return try SymmetricKey(bytes: bytes)
        } catch {
            throw .wrongPassword
        }
    }

    /// Whether a holder of `keys`' root made this header (always false for a version 1 header).
    public func isAuthentic(for keys: SyncKeys) -> Bool {
        guard let rootTag else { return false }
        let body = Self.bodyBytes(vault: vault, kdf: kdf, generation: generation)
        return (try? AEAD.open(rootTag, using: keys.header, authenticating: Self.tagged(body, wrappedRoot))) != nil
    }

    /// Whether this header replaces `other` on every device: a higher generation, or the same one and a greater
    /// encoding (two devices changed their password at once; all pick the same).
    public func supersedes(_ other: SyncHeader) -> Bool {
        generation != other.generation ? generation > other.generation
            : other.encoded.lexicographicallyPrecedes(encoded)
    }

    public var encoded: [UInt8] {
        var writer = ByteWriter()
        guard let rootTag else {
            writer.append(Self.magicV1)
            writer.append(Self.parameterBytes(vault: vault, kdf: kdf))
            writer.appendLengthPrefixed(wrappedRoot)
            return writer.bytes
        }
        writer.append(Self.magic)
        writer.append(Self.bodyBytes(vault: vault, kdf: kdf, generation: generation))
        writer.appendLengthPrefixed(wrappedRoot)
        writer.appendLengthPrefixed(rootTag)
        return writer.bytes
    }

    public init(decoding bytes: [UInt8]) throws(SyncError) {
        var reader = ByteReader(bytes)
        let magic = try reader.read(count: Self.magic.count)
        guard magic == Self.magic || magic == Self.magicV1 else { throw .malformed("not a vault header") }
        let vault = try reader.readUUID()
        let algorithm = Int32(bitPattern: try reader.read(UInt32.self))
        let passes = try reader.read(UInt64.self)
        let memory = try reader.read(UInt64.self)
        let salt = try reader.readLengthPrefixed(limit: 64)
        let kdf = KDFParameters(algorithm: algorithm, passes: passes, memoryBytes: memory, salt: salt)
        do { try kdf.validate() } catch { throw .malformed("key derivation parameters are out of range") }
        let generation = magic == Self.magic ? try reader.read(UInt64.self) : 0
        let wrapped = try reader.readLengthPrefixed(limit: 256)
        let tag = magic == Self.magic ? try reader.readLengthPrefixed(limit: 256) : nil
        guard reader.remaining == 0 else { throw .malformed("trailing bytes") }
        self.init(vault: vault, kdf: kdf, generation: generation, wrappedRoot: wrapped, rootTag: tag)
    }

    private var wrappingAssociatedData: [UInt8] {
        rootTag == nil
            ? Array("sesame-sync-header-v1".utf8) + Self.parameterBytes(vault: vault, kdf: kdf)
            : Array("sesame-sync-header-v2".utf8) + Self.bodyBytes(vault: vault, kdf: kdf, generation: generation)
    }

    private static func tagged(_ body: [UInt8], _ wrappedRoot: [UInt8]) -> [UInt8] {
        Array("sesame-sync-header-tag-v2".utf8) + body + wrappedRoot
    }

    private static func bodyBytes(vault: UUID, kdf: KDFParameters, generation: UInt64) -> [UInt8] {
        var writer = ByteWriter()
        writer.append(parameterBytes(vault: vault, kdf: kdf))
        writer.append(generation)
        return writer.bytes
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
}
