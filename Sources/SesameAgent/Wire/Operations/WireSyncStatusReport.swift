import Foundation
import SesameStore

/// The sync status as `syncStatus` answers: the devices, what each published and what is merged here, and the
/// agent's automatic sync. The wire's own names, so SesameStore's `SyncStatusReport` can change without changing
/// protocol v2.
struct WireSyncStatusReport: Codable, Sendable, Equatable {
    var transport: String
    var device: String
    var pendingChanges: Int
    var conflicts: Int
    var devices: [Device]
    var newPasswordNeeded: Bool
    var equivocations: [String]
    var autoSync: AutoSync?

    enum CodingKeys: String, CodingKey {
        case transport = "transport", device = "device", pendingChanges = "pendingChanges", conflicts = "conflicts"
        case devices = "devices", newPasswordNeeded = "newPasswordNeeded", equivocations = "equivocations"
        case autoSync = "autoSync"
    }

    struct Device: Codable, Sendable, Equatable {
        var device: String
        var thisDevice: Bool
        var published: UInt64
        var merged: UInt64
        var lastChange: Date?
        var gapAt: UInt64?
        var withheld: UInt64

        enum CodingKeys: String, CodingKey {
            case device = "device", thisDevice = "thisDevice", published = "published", merged = "merged"
            case lastChange = "lastChange", gapAt = "gapAt", withheld = "withheld"
        }
    }

    struct AutoSync: Codable, Sendable, Equatable {
        var interval: Double?
        var lastRun: Date?
        var lastTrigger: String?
        var lastError: String?
        var lastSuccess: Date?

        enum CodingKeys: String, CodingKey {
            case interval = "interval", lastRun = "lastRun", lastTrigger = "lastTrigger", lastError = "lastError"
            case lastSuccess = "lastSuccess"
        }
    }

    /// An agent started before equivocations were reported sends none: read as an empty list.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        transport = try container.decode(String.self, forKey: .transport)
        device = try container.decode(String.self, forKey: .device)
        pendingChanges = try container.decode(Int.self, forKey: .pendingChanges)
        conflicts = try container.decode(Int.self, forKey: .conflicts)
        devices = try container.decode([Device].self, forKey: .devices)
        newPasswordNeeded = try container.decode(Bool.self, forKey: .newPasswordNeeded)
        equivocations = try container.decodeIfPresent([String].self, forKey: .equivocations) ?? []
        autoSync = try container.decodeIfPresent(AutoSync.self, forKey: .autoSync)
    }

    init(_ report: SyncStatusReport) {
        transport = report.transport
        device = report.device
        pendingChanges = report.pendingChanges
        conflicts = report.conflicts
        devices = report.devices.map {
            Device(device: $0.device, thisDevice: $0.thisDevice, published: $0.published, merged: $0.merged,
                   lastChange: $0.lastChange, gapAt: $0.gapAt, withheld: $0.withheld)
        }
        newPasswordNeeded = report.newPasswordNeeded
        equivocations = report.equivocations
        autoSync = report.autoSync.map {
            AutoSync(interval: $0.interval, lastRun: $0.lastRun, lastTrigger: $0.lastTrigger, lastError: $0.lastError,
                     lastSuccess: $0.lastSuccess)
        }
    }

    var report: SyncStatusReport {
        SyncStatusReport(
            transport: transport, device: device, pendingChanges: pendingChanges, conflicts: conflicts,
            devices: devices.map {
                .init(device: $0.device, thisDevice: $0.thisDevice, published: $0.published, merged: $0.merged,
                      lastChange: $0.lastChange, gapAt: $0.gapAt, withheld: $0.withheld)
            },
            newPasswordNeeded: newPasswordNeeded, equivocations: equivocations,
            autoSync: autoSync.map { wire in
                var state = AutoSyncState(interval: wire.interval)
                state.lastRun = wire.lastRun
                state.lastTrigger = wire.lastTrigger
                state.lastError = wire.lastError
                state.lastSuccess = wire.lastSuccess
                return state
            })
    }
}
