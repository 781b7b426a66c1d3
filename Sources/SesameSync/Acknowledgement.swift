import Foundation
import SesameCrypto

/// `acks/<device>.ack`: how far one device has applied every series. The only mutable file in the sync root,
/// and single-writer like the rest. A device prunes its own old batches only once every device's
/// acknowledgement covers them and a snapshot replaces them for newcomers.
public struct Acknowledgement: Equatable, Sendable {
    static let magic = Array("SACK1".utf8)
    public var device: UUID
    public var applied: [UUID: UInt64]

    public init(device: UUID, applied: [UUID: UInt64]) {
        self.device = device
        self.applied = applied
    }

    public var path: String { "acks/\(device.hexName).ack" }

    public func sealed(vault: UUID, key: SymmetricKey) -> [UInt8] {
        var body = ByteWriter()
        body.append(UInt16(applied.count))
        for (device, seq) in applied.sorted(by: { UUID.bytewiseLess($0.key, $1.key) }) {
            body.append(device)
            body.append(seq)
        }
        return Self.magic + AEAD.seal(body.bytes, using: key, authenticating: Self.associatedData(vault: vault, device: device))
    }

    public static func open(_ file: [UInt8], vault: UUID, device: UUID, key: SymmetricKey) throws(SyncError) -> Acknowledgement {
        guard file.starts(with: magic) else { throw .malformed("not an acknowledgement") }
        let plaintext: [UInt8]
        do {
            plaintext = try AEAD.open(file.dropFirst(magic.count), using: key,
                                      authenticating: associatedData(vault: vault, device: device))
        } catch {
            throw .authenticationFailed
        }
        return try parse(plaintext, device: device)
    }

    /// The plaintext of an acknowledgement.
    static func parse(_ plaintext: [UInt8], device: UUID) throws(SyncError) -> Acknowledgement {
        var reader = ByteReader(plaintext)
        var applied: [UUID: UInt64] = [:]
        for _ in 0..<Int(try reader.read(UInt16.self)) { applied[try reader.readUUID()] = try reader.read(UInt64.self) }
        guard reader.remaining == 0 else { throw .malformed("trailing bytes") }
        return Acknowledgement(device: device, applied: applied)
    }

    /// The highest own sequence number `device` may delete: covered by every known device's acknowledgement
    /// (a device without one covers nothing) and by a snapshot, so no device and no newcomer still needs it.
    public static func prunableSeq(
        of device: UUID, devices: Set<UUID>, acknowledgements: [UUID: Acknowledgement], snapshotCoverage: UInt64
    ) -> UInt64 {
        let acknowledged = devices.subtracting([device]).map { acknowledgements[$0]?.applied[device] ?? 0 }.min()
        return min(acknowledged ?? 0, snapshotCoverage)
    }

    static func associatedData(vault: UUID, device: UUID) -> [UInt8] {
        var data = ByteWriter()
        data.append(Array("sesame-ack-v1".utf8))
        data.append(vault)
        data.append(device)
        return data.bytes
    }
}
