import Foundation
import SesameCrypto

/// `vault.hdr`: the synced vault's id, the Argon2id parameters, and the ``SyncKeyring`` wrapped under the key the
/// master password derives. A new device reads it to join with the password alone; the box binds the id,
/// parameters, generation and epoch, so none can be altered without the password failing.
///
/// A `sesame passwd` starts a new key epoch and publishes a header of the next generation, wrapped under the new
/// password: the old password opens no current header, and nothing sealed afterwards. The header carries, per
/// root of its ring, the root's id and a tag under a key derived from that root, so a device that holds any of
/// them recognises a header a holder of the ring made, and sees which roots it lacks (it then needs the new
/// password once: ``Vault.adoptSyncPassword``). Version 1 headers (generation 0) carry no tag; version 2
/// headers one root (epoch 0) and one tag.
public struct SyncHeader: Equatable, Sendable {
    public static let fileName = "vault.hdr"
    static let magicV1 = Array("SSHD1".utf8)
    static let magicV2 = Array("SSHD2".utf8)
    static let magic = Array("SSHD3".utf8)

    /// A root named by the header: its id in clear and a tag only a holder of it can make.
    struct RootTag: Equatable, Sendable {
        let id: [UInt8]
        let tag: [UInt8]
    }

    enum Format: Equatable, Sendable { case v1, v2, v3 }

    public var vault: UUID
    public var kdf: KDFParameters
    /// 0 when sync was set up; one more at each master password change that republished it.
    public var generation: UInt64
    /// The newest key epoch of the wrapped ring.
    public var epoch: UInt32
    let format: Format
    /// The ring (v3) or the single root (v1, v2), sealed under the password key.
    var wrapped: [UInt8]
    /// v3: one per root of the ring; v2: one, without an id; v1: none.
    var tags: [RootTag]

    /// Wraps `keyring` under `passwordKey` (derived from the master password with `kdf`) and tags it under each
    /// of its roots.
    public init(vault: UUID, kdf: KDFParameters, keyring: SyncKeyring, passwordKey: SymmetricKey, generation: UInt64 = 0) {
        self.vault = vault
        self.kdf = kdf
        self.generation = generation
        epoch = keyring.newestEpoch
        format = .v3
        let body = Self.bodyBytes(vault: vault, kdf: kdf, generation: generation, epoch: epoch)
        var ring = keyring.encoded
        defer { zeroize(&ring) }
        let wrapped = AEAD.seal(ring, using: passwordKey, authenticating: Array("sesame-sync-header-v3".utf8) + body)
        self.wrapped = wrapped
        tags = keyring.entries.map { entry in
            RootTag(id: entry.keys.id, tag: AEAD.seal([], using: entry.keys.header, authenticating: Self.tagged(body, wrapped)))
        }
    }

    private init(vault: UUID, kdf: KDFParameters, generation: UInt64, epoch: UInt32, format: Format,
                 wrapped: [UInt8], tags: [RootTag]) {
        self.vault = vault
        self.kdf = kdf
        self.generation = generation
        self.epoch = epoch
        self.format = format
        self.wrapped = wrapped
        self.tags = tags
    }

    /// The keyring, if `passwordKey` is the right one.
    public func keyring(passwordKey: SymmetricKey) throws(SyncError) -> SyncKeyring {
        let bytes: SecureBytes
        do {
            bytes = try AEAD.openSecure(wrapped, using: passwordKey, authenticating: wrappingAssociatedData)
        } catch {
            throw .wrongPassword
        }
        guard format == .v3 else {
            do { return SyncKeyring(root: try SymmetricKey(bytes: bytes)) } catch { throw .malformed("a key") }
        }
        var raw = bytes.withUnsafeBytes { Array($0) }
        defer { zeroize(&raw) }
        let keyring = try SyncKeyring(decoding: raw)
        guard keyring.newestEpoch == epoch else { throw .malformed("the epoch does not match the keyring") }
        return keyring
    }

    /// Whether a holder of one of `entries`' roots made this header (always false for a version 1 header).
    public func isAuthentic(forAnyOf entries: [SyncKeyring.Entry]) -> Bool {
        let body = Self.bodyBytes(vault: vault, kdf: kdf, generation: generation, epoch: epoch)
        for entry in entries {
            for root in tags where format == .v2 || root.id == entry.keys.id {
                let data = format == .v2 ? Self.taggedV2(body: Self.bodyV2(vault: vault, kdf: kdf, generation: generation),
                                                         wrapped: wrapped)
                    : Self.tagged(body, wrapped)
                if (try? AEAD.open(root.tag, using: entry.keys.header, authenticating: data)) != nil { return true }
            }
        }
        return false
    }

    /// Whether the header names a root that `keyring` lacks (a newer epoch, or one made at the same time
    /// elsewhere). Version 1 and 2 headers name one root, which every device holds.
    public func namesRootsMissing(from keyring: SyncKeyring) -> Bool {
        format == .v3 ? !Set(tags.map(\.id)).isSubset(of: keyring.ids) : false
    }

    /// Whether this header replaces `other` on every device: a higher generation, or the same one and a greater
    /// encoding (two devices changed their password at once; all pick the same).
    public func supersedes(_ other: SyncHeader) -> Bool {
        generation != other.generation ? generation > other.generation
            : other.encoded.lexicographicallyPrecedes(encoded)
    }

    public var encoded: [UInt8] {
        var writer = ByteWriter()
        switch format {
        case .v1:
            writer.append(Self.magicV1)
            writer.append(Self.parameterBytes(vault: vault, kdf: kdf))
            writer.appendLengthPrefixed(wrapped)
        case .v2:
            writer.append(Self.magicV2)
            writer.append(Self.bodyV2(vault: vault, kdf: kdf, generation: generation))
            writer.appendLengthPrefixed(wrapped)
            writer.appendLengthPrefixed(tags.first?.tag ?? [])
        case .v3:
            writer.append(Self.magic)
            writer.append(Self.bodyBytes(vault: vault, kdf: kdf, generation: generation, epoch: epoch))
            writer.appendLengthPrefixed(wrapped)
            writer.append(UInt16(tags.count))
            for root in tags {
                writer.append(root.id)
                writer.appendLengthPrefixed(root.tag)
            }
        }
        return writer.bytes
    }

    public init(decoding bytes: [UInt8]) throws(SyncError) {
        var reader = ByteReader(bytes)
        let magic = try reader.read(count: Self.magic.count)
        let format: Format
        switch magic {
        case Self.magicV1: format = .v1
        case Self.magicV2: format = .v2
        case Self.magic: format = .v3
        default: throw .malformed("not a vault header")
        }
        let vault = try reader.readUUID()
        let algorithm = Int32(bitPattern: try reader.read(UInt32.self))
        let passes = try reader.read(UInt64.self)
        let memory = try reader.read(UInt64.self)
        let salt = try reader.readLengthPrefixed(limit: 64)
        let kdf = KDFParameters(algorithm: algorithm, passes: passes, memoryBytes: memory, salt: salt)
        try SyncBudget.checkKeyDerivation(kdf)
        do { try kdf.validate() } catch { throw .malformed("key derivation parameters are out of range") }
        let generation = format == .v1 ? 0 : try reader.read(UInt64.self)
        let epoch = format == .v3 ? try reader.read(UInt32.self) : 0
        let wrapped = try reader.readLengthPrefixed(limit: format == .v3 ? SyncBudget.maximumHeaderBytes : 256)
        var tags: [RootTag] = []
        switch format {
        case .v1: break
        case .v2: tags = [RootTag(id: [], tag: try reader.readLengthPrefixed(limit: 256))]
        case .v3:
            let count = Int(try reader.read(UInt16.self))
            guard count > 0, count <= reader.remaining / (SyncKeys.idByteCount + 4) else {
                throw .malformed("the roots are miscounted")
            }
            for _ in 0..<count {
                tags.append(RootTag(id: try reader.read(count: SyncKeys.idByteCount),
                                    tag: try reader.readLengthPrefixed(limit: 256)))
            }
        }
        guard reader.remaining == 0 else { throw .malformed("trailing bytes") }
        self.init(vault: vault, kdf: kdf, generation: generation, epoch: epoch, format: format, wrapped: wrapped,
                  tags: tags)
    }

    private var wrappingAssociatedData: [UInt8] {
        switch format {
        case .v1: Array("sesame-sync-header-v1".utf8) + Self.parameterBytes(vault: vault, kdf: kdf)
        case .v2: Array("sesame-sync-header-v2".utf8) + Self.bodyV2(vault: vault, kdf: kdf, generation: generation)
        case .v3: Array("sesame-sync-header-v3".utf8)
            + Self.bodyBytes(vault: vault, kdf: kdf, generation: generation, epoch: epoch)
        }
    }

    private static func tagged(_ body: [UInt8], _ wrapped: [UInt8]) -> [UInt8] {
        Array("sesame-sync-header-tag-v3".utf8) + body + wrapped
    }

    private static func taggedV2(body: [UInt8], wrapped: [UInt8]) -> [UInt8] {
        Array("sesame-sync-header-tag-v2".utf8) + body + wrapped
    }

    private static func bodyBytes(vault: UUID, kdf: KDFParameters, generation: UInt64, epoch: UInt32) -> [UInt8] {
        var writer = ByteWriter()
        writer.append(bodyV2(vault: vault, kdf: kdf, generation: generation))
        writer.append(epoch)
        return writer.bytes
    }

    private static func bodyV2(vault: UUID, kdf: KDFParameters, generation: UInt64) -> [UInt8] {
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
