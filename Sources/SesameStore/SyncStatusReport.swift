import Foundation
import SesameSync

/// What `sesame sync status` shows, whether this process read the vault or the agent did: the devices, what each
/// published and what is merged here, gaps, pending changes, and the agent's automatic sync.
public struct SyncStatusReport: Codable, Sendable, Equatable {
    public struct Device: Codable, Sendable, Equatable {
        public let device: String
        public let thisDevice: Bool
        public let published: UInt64
        public let merged: UInt64
        public let lastChange: Date?
        public let gapAt: UInt64?
        /// Batches other devices have applied that this copy's transport does not show.
        public let withheld: UInt64

        public init(
            device: String, thisDevice: Bool, published: UInt64, merged: UInt64, lastChange: Date?, gapAt: UInt64?,
            withheld: UInt64
        ) {
            self.device = device
            self.thisDevice = thisDevice
            self.published = published
            self.merged = merged
            self.lastChange = lastChange
            self.gapAt = gapAt
            self.withheld = withheld
        }
    }

    /// The transport, as `git URL` or `folder PATH`.
    public let transport: String
    public let device: String
    public let pendingChanges: Int
    public let conflicts: Int
    public let devices: [Device]
    /// The master password was changed on another device: `sesame sync password` takes it in here.
    public let newPasswordNeeded: Bool
    /// Batch files (`ops/<device>/<seq>.sop`) found different from the file applied under the same name: their
    /// device, or someone holding the key, published two versions. Never applied; listed while they are there.
    public let equivocations: [String]
    /// The agent's automatic sync; nil when no agent holds the vault.
    public var autoSync: AutoSyncState?

    public init(
        transport: String, device: String, pendingChanges: Int, conflicts: Int, devices: [Device],
        newPasswordNeeded: Bool, equivocations: [String], autoSync: AutoSyncState?
    ) {
        self.transport = transport
        self.device = device
        self.pendingChanges = pendingChanges
        self.conflicts = conflicts
        self.devices = devices
        self.newPasswordNeeded = newPasswordNeeded
        self.equivocations = equivocations
        self.autoSync = autoSync
    }

    /// Combines what this copy knows with the batch names the transport lists.
    public init(local: SyncLocalStatus, published names: [BatchName], transport: String) {
        var published: [UUID: Set<UInt64>] = [:]
        for name in names { published[name.device, default: []].insert(name.seq) }
        let devices = Set(published.keys).union(local.applied.keys).union([local.device])
        self.devices = devices.sorted(by: UUID.bytewiseLess).map { device in
            let seqs = published[device] ?? []
            let applied = local.applied[device] ?? 0
            let latest = seqs.max() ?? 0
            let missing = latest > applied ? (applied + 1...latest).first { !seqs.contains($0) } : nil
            let seenElsewhere = local.seenElsewhere[device] ?? 0
            return Device(
                device: device.hexName, thisDevice: device == local.device, published: latest, merged: applied,
                lastChange: local.lastChange[device], gapAt: missing,
                withheld: seenElsewhere > max(latest, applied) ? seenElsewhere - max(latest, applied) : 0)
        }
        self.transport = transport
        device = local.device.hexName
        pendingChanges = local.pendingOps
        conflicts = local.conflicts
        newPasswordNeeded = local.newPasswordNeeded
        equivocations = local.equivocations.map(\.path)
    }

    private enum CodingKeys: String, CodingKey {
        case transport, device, pendingChanges, conflicts, devices, newPasswordNeeded, equivocations, autoSync
    }

    /// An agent started before equivocations were reported sends none: read as an empty list.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        transport = try container.decode(String.self, forKey: .transport)
        device = try container.decode(String.self, forKey: .device)
        pendingChanges = try container.decode(Int.self, forKey: .pendingChanges)
        conflicts = try container.decode(Int.self, forKey: .conflicts)
        devices = try container.decode([Device].self, forKey: .devices)
        newPasswordNeeded = try container.decode(Bool.self, forKey: .newPasswordNeeded)
        equivocations = try container.decodeIfPresent([String].self, forKey: .equivocations) ?? []
        autoSync = try container.decodeIfPresent(AutoSyncState.self, forKey: .autoSync)
    }
}

/// The agent's automatic sync: whether it is on, and how its last round went. Kept in the agent's memory; an
/// error message names the transport's failure, never a secret.
public struct AutoSyncState: Codable, Sendable, Equatable {
    /// Seconds between two rounds; nil when automatic sync is off (the agent then syncs only when asked).
    public var interval: Double?
    /// When the agent's last round ended, what started it (`timer`, `change` or `request`), and its error if it
    /// failed (nil when it succeeded).
    public var lastRun: Date?
    public var lastTrigger: String?
    public var lastError: String?
    /// When a round last succeeded.
    public var lastSuccess: Date?

    public init(interval: Double? = nil) {
        self.interval = interval
    }
}
