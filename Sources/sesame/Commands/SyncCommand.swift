import Foundation
import SesameCrypto
import SesameStore
import SesameSync
import SesameSyncTransport
import SesameTerminal

/// `sesame sync`: exchanges changes with the vault's other devices through a git remote or a synced folder.
/// The transport only ever sees encrypted, padded batch files; merging happens here, per item, and never loses an
/// edit (concurrent versions become conflicts: `sesame conflicts`).
enum SyncCommand: Command {
    static let spec = CommandSpec(
        name: "sync",
        abstract: "Exchange changes with this vault's other devices through git or a synced folder.",
        discussion: "Without an action: pull, merge what other devices published, and publish this device's changes. 'setup git URL' or 'setup folder PATH' makes this vault the first synced copy; 'clone git URL' or 'clone folder PATH' creates this device's vault (at --vault) from a synced one; 'status' lists the devices, what each published and what is merged here, gaps and pending changes. With git, the remote's clone lives next to the vault (VAULT.sync) and only this device's own files are committed, so merges never conflict. A folder is any folder that Syncthing, Nextcloud, Dropbox or iCloud Drive keeps in step. The transport sees only encrypted, padded files. Always asks for the master password.",
        arguments: [
            ArgumentSpec("action", help: "setup, clone or status; none to sync now.", isOptional: true),
            ArgumentSpec("kind", help: "git or folder (setup and clone).", isOptional: true),
            ArgumentSpec("location", help: "The git URL or the folder's path (setup and clone).", isOptional: true),
        ],
        options: [CommonOptions.passwordStdin, CommonOptions.json, CommonOptions.vault])

    static let transportSetting = "sync.transport"
    static let headerSetting = "sync.header"

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let action = arguments.argument("action")
        let kind = arguments.argument("kind")
        let location = arguments.argument("location")
        do {
            switch action {
            case nil:
                try syncNow(context: context)
            case "setup", "clone":
                guard let kind, kind == "git" || kind == "folder", let location, !location.isEmpty else {
                    throw arguments.usageError("Say where: '\(action!) git URL' or '\(action!) folder PATH'")
                }
                let configuration = kind == "folder" ? "folder\n" + absolute(location) : "git\n" + location
                if action == "setup" {
                    try setUp(configuration, context: context)
                } else {
                    try clone(configuration, context: context)
                }
            case "status":
                guard kind == nil else { throw arguments.usageError("'status' takes no further arguments") }
                try status(context: context)
            default:
                throw arguments.usageError("Unknown action '\(TerminalText.quoted(action!))' (setup, clone or status)")
            }
        } catch let error as SyncError {
            throw CLIError(error.description)
        }
    }

    // MARK: - Actions

    private static func setUp(_ configuration: String, context: CommandContext) throws {
        let password = try context.secrets.read(.masterPassword)
        let vault = try openVault(context: context, password: password)
        guard try !vault.isSyncEnabled else { throw SyncError.alreadySetUp }
        let transport = try makeTransport(configuration, vaultPath: context.vaultPath)
        try transport.pull()
        if try transport.readHeader() != nil {
            throw CLIError("\(describe(configuration)) already holds a synced vault; join it with 'sesame sync clone'.")
        }
        let header = try vault.setUpSync(password: password)
        try vault.setSetting(named: transportSetting, to: Array(configuration.utf8))
        try vault.setSetting(named: headerSetting, to: header.encoded)
        try transport.writeHeader(header.encoded)
        let report = try vault.sync(with: transport)
        try printRun(report, vault: vault, context: context, what: "Sync set up with \(describe(configuration))")
    }

    private static func clone(_ configuration: String, context: CommandContext) throws {
        let path = context.vaultPath
        guard !FileManager.default.fileExists(atPath: path) else {
            throw CLIError("A vault exists at \(path) already; clone into a new path with --vault.")
        }
        let transport = try makeTransport(configuration, vaultPath: path)
        try transport.pull()
        guard let bytes = try transport.readHeader() else {
            throw CLIError("\(describe(configuration)) holds no synced vault (no \(SyncHeader.fileName)).")
        }
        let header = try SyncHeader(decoding: bytes)
        let password = try context.secrets.read(.masterPassword)
        let vault = try Vault.cloneForSync(
            at: path, header: header, password: password, publicSuffixList: context.publicSuffixList())
        try vault.setSetting(named: transportSetting, to: Array(configuration.utf8))
        try vault.setSetting(named: headerSetting, to: bytes)
        let report = try vault.sync(with: transport)
        try printRun(report, vault: vault, context: context, what: "Joined the synced vault at \(describe(configuration))")
    }

    private static func syncNow(context: CommandContext) throws {
        let password = try context.secrets.read(.masterPassword)
        var vault = try openVault(context: context, password: password)
        let (configuration, transport) = try configuredTransport(vault, context: context)
        if try transport.readHeader() == nil, let header = try vault.setting(named: headerSetting) {
            try transport.writeHeader(header)  // setup stopped before publishing it
        }
        let report: SyncRunReport
        do {
            report = try vault.sync(with: transport)
        } catch SyncError.deviceRestoredFromBackup {
            try vault.adoptNewDeviceID()
            vault.close()
            vault = try openVault(context: context, password: password)
            Terminal.writeToStandardError(
                "Warning: this vault was restored from an older copy; it now syncs as a new device.\n")
            report = try vault.sync(with: transport)
        }
        try printRun(report, vault: vault, context: context, what: "Synced with \(describe(configuration))")
    }

    private static func status(context: CommandContext) throws {
        let vault = try openVault(context: context, password: try context.secrets.read(.masterPassword))
        let (configuration, transport) = try configuredTransport(vault, context: context)
        let local = try vault.syncStatus()
        var published: [UUID: Set<UInt64>] = [:]
        for name in try transport.listBatches() { published[name.device, default: []].insert(name.seq) }
        let devices = Set(published.keys).union(local.applied.keys).union([local.device])
        let rows: [DeviceStatus] = devices.sorted(by: UUID.bytewiseLess).map { device in
            let seqs = published[device] ?? []
            let applied = local.applied[device] ?? 0
            let latest = seqs.max() ?? 0
            let missing = latest > applied ? (applied + 1...latest).first { !seqs.contains($0) } : nil
            let seenElsewhere = local.seenElsewhere[device] ?? 0
            return DeviceStatus(
                device: device.hexName, thisDevice: device == local.device, published: latest, merged: applied,
                lastChange: local.lastChange[device], gapAt: missing,
                withheld: seenElsewhere > max(latest, applied) ? seenElsewhere - max(latest, applied) : 0)
        }
        let summary = StatusSummary(
            transport: describe(configuration), device: local.device.hexName, pendingChanges: local.pendingOps,
            conflicts: local.conflicts, devices: rows)
        if context.wantsJSON {
            try context.printJSON(summary)
            return
        }
        print("Syncing with \(summary.transport) as device \(summary.device.prefix(8)).")
        var table = Table(headers: ["DEVICE", "PUBLISHED", "MERGED", "LAST CHANGE", "STATE"])
        for row in rows {
            let state = row.thisDevice ? "this device"
                : row.gapAt.map { "gap: batch \($0) missing" }
                ?? (row.withheld > 0 ? "\(row.withheld) batch(es) others have are missing here" : nil)
                ?? (row.published > row.merged ? "\(row.published - row.merged) to merge" : "up to date")
            table.append([String(row.device.prefix(8)), String(row.published), String(row.merged),
                          row.lastChange.map { ISO8601DateFormatter().string(from: $0) } ?? "-", state])
        }
        table.print()
        print("\(local.pendingOps) change(s) not yet published; \(local.conflicts) conflict(s).")
    }

    // MARK: - Helpers

    struct DeviceStatus: Encodable {
        let device: String
        let thisDevice: Bool
        let published: UInt64
        let merged: UInt64
        let lastChange: Date?
        let gapAt: UInt64?
        /// Batches other devices have applied that this copy's transport does not show.
        let withheld: UInt64
    }

    struct StatusSummary: Encodable {
        let transport: String
        let device: String
        let pendingChanges: Int
        let conflicts: Int
        let devices: [DeviceStatus]
    }

    struct RunSummary: Encodable {
        let appliedBatches: Int
        let changedItems: Int
        let published: [String]
        let rejected: [[String: String]]
        let waiting: [String]
        let conflicts: Int
    }

    private static func printRun(_ report: SyncRunReport, vault: Vault, context: CommandContext, what: String) throws {
        let conflicts = try vault.syncStatus().conflicts
        let rejected = report.ingest.rejected.map { ["file": $0.name.path, "reason": $0.reason.description] }
        if context.wantsJSON {
            try context.printJSON(RunSummary(
                appliedBatches: report.ingest.appliedBatches, changedItems: report.ingest.changedItems,
                published: report.written.map(\.path), rejected: rejected,
                waiting: report.ingest.waiting.map(\.path), conflicts: conflicts))
        } else {
            print("\(what): merged \(report.ingest.appliedBatches) batch(es) changing \(report.ingest.changedItems) item(s), published \(report.written.count).")
            if conflicts > 0 { print("\(conflicts) item(s) have conflicting versions: see 'sesame conflicts'.") }
            if !report.ingest.waiting.isEmpty {
                print("\(report.ingest.waiting.count) batch(es) wait for an earlier one that has not arrived.")
            }
        }
        for rejection in report.ingest.rejected {
            Terminal.writeToStandardError("Warning: refused \(rejection.name.path): \(rejection.reason)\n")
        }
        if !rejected.isEmpty {
            throw CLIError("\(rejected.count) sync file(s) were refused; the rest was merged.")
        }
    }

    static func openVault(context: CommandContext, password: SecureBytes) throws -> Vault {
        let vault = try Vault(path: context.vaultPath, publicSuffixList: context.publicSuffixList())
        try vault.unlock(password: password)
        return vault
    }

    private static func configuredTransport(_ vault: Vault, context: CommandContext) throws
        -> (String, any SyncTransport)
    {
        guard let raw = try vault.setting(named: transportSetting) else { throw SyncError.notConfigured }
        let configuration = String(decoding: raw, as: UTF8.self)
        return (configuration, try makeTransport(configuration, vaultPath: context.vaultPath))
    }

    private static func makeTransport(_ configuration: String, vaultPath: String) throws -> any SyncTransport {
        let parts = configuration.split(separator: "\n", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw SyncError.notConfigured }
        if parts[0] == "folder" { return FolderTransport(root: parts[1]) }
        let transport = GitTransport(workTree: vaultPath + ".sync", remote: parts[1])
        try transport.prepare()
        return transport
    }

    private static func describe(_ configuration: String) -> String {
        let parts = configuration.split(separator: "\n", maxSplits: 1)
        return parts.count == 2 ? "\(parts[0]) \(parts[1])" : configuration
    }

    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
