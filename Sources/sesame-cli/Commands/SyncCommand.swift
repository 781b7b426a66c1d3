import Foundation
import SesameAgent
import SesameCrypto
import SesameStore
import SesameSync
import SesameSyncTransport
import SesameTerminal
import SesameTerminalText

/// `sesame sync`: exchanges changes with the vault's other devices through a git remote or a synced folder.
/// The transport only ever sees encrypted, padded batch files; merging happens here, per item, and never loses an
/// edit (concurrent versions become conflicts: `sesame conflicts`). `setup`, `clone`, `status`, `auto` and
/// `password` are subcommands of their own (SyncCommand+Subcommands.swift).
enum SyncCommand: Command {
    static var subcommands: [any Command.Type] { [Setup.self, Clone.self, Status.self, Auto.self, Password.self] }

    static let spec = CommandSpec(
        name: "sync",
        abstract: "Exchange changes with this vault's other devices through git or a synced folder.",
        discussion: "Without a subcommand: pull, merge what other devices published, and publish this device's changes. With git, the remote's clone lives next to the vault (VAULT.sync) and only this device's own files are committed, so merges never conflict. A folder is any folder that Syncthing, Nextcloud, Dropbox or iCloud Drive keeps in step. The transport sees only encrypted, padded files. When the agent holds the vault unlocked, 'sync' and 'sync status' run in the agent and ask for nothing; otherwise they ask for the master password. See docs/sync.md.",
        declaring: Arguments.self,
        subcommands: subcommandSpecs,
        runsWithoutSubcommand: true,
        familiarNames: ["pull", "push"])

    static let defaultInterval: TimeInterval = 300
    static let minimumInterval: TimeInterval = 10

    /// What `sync`, `sync status` and `sync password` read: only the options every command shares.
    struct Arguments: CommandArguments {
        init(_ decoder: inout ArgumentDecoder) {
            decoder.shared(CommonOptions.passwordStdin, CommonOptions.json, CommonOptions.vault)
        }
    }

    /// What `sync setup` and `sync clone` read: the transport, and how often the agent syncs.
    struct TransportArguments: CommandArguments {
        let kind: String
        let location: String?
        let interval: String?
        let usage: CommandUsage

        init(_ decoder: inout ArgumentDecoder) {
            kind = decoder.argument(ArgumentSpec("kind", help: "git or folder.", completion: .values(["git", "folder"]))) ?? ""
            location = decoder.argument(ArgumentSpec("location", help: "The git remote's URL, or the folder's path."))
            interval = decoder.value(intervalOption)
            decoder.shared(CommonOptions.passwordStdin, CommonOptions.json, CommonOptions.vault)
            usage = decoder.usage
        }
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        try translatingSyncErrors { try syncNow(context: context) }
    }

    /// The interval `--interval` gives, checked.
    static func interval(_ text: String?, usage: CommandUsage) throws -> TimeInterval? {
        let interval = try usage.converted(text, of: intervalOption) { AgentDuration.parse($0) }
        if let interval, interval < minimumInterval {
            throw usage.error("The interval must be at least \(Int(minimumInterval)) seconds")
        }
        return interval
    }

    static let intervalOption = OptionSpec.value(
        "interval", valueName: "duration",
        help: "Sync automatically this often while the agent holds the vault unlocked (90s, 5m, 1h; at least 10s).")

    /// The transport `setup` and `clone` name: `git URL` or `folder PATH`.
    static func transport(_ arguments: TransportArguments) throws -> SyncTransportConfiguration {
        let kindName = arguments.kind
        guard let kind = SyncTransportConfiguration.Kind(rawValue: kindName) else {
            throw arguments.usage.error("Unknown kind '\(TerminalText.quoted(kindName))': say 'git URL' or 'folder PATH'")
        }
        guard let location = arguments.location, !location.isEmpty else {
            throw arguments.usage.error(kind == .git ? "Say which remote: 'git URL'" : "Say which folder: 'folder PATH'")
        }
        return SyncTransportConfiguration(kind: kind, location: kind == .folder ? absolute(location) : location)
    }

    static func translatingSyncErrors(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as SyncError {
            throw CLIError(error.description)
        }
    }

    // MARK: - Actions

    static func setUp(_ configuration: SyncTransportConfiguration, interval: TimeInterval?, context: CommandContext) throws {
        let vault = try Vault(path: context.vaultPath, publicSuffixList: context.publicSuffixList())
        if context.promptsAtTerminal, context.unlockedAgent() != nil {
            TerminalQuestion.tell("The synced vault's header is sealed with a key from the master password, so setting up sync asks for it even while the agent is unlocked.\n")
        }
        let password = try context.withMasterPassword { password in
            try vault.unlock(password: password)
            return password
        }
        guard try !vault.isSyncEnabled else { throw SyncError.alreadySetUp }
        let transport = try configuration.makeTransport(vaultPath: context.vaultPath)
        try transport.pull()
        if try transport.readHeader() != nil {
            throw CLIError("\(configuration.description) already holds a synced vault; join it with 'sesame sync clone'.")
        }
        // The header (vault.hdr) is kept in the vault and published by the first round.
        _ = try vault.setUpSync(password: password)
        try vault.setSetting(named: SyncTransportConfiguration.settingName, to: configuration.setting)
        if let interval { try vault.setSyncInterval(interval) }
        let report = try vault.sync(with: transport)
        try printRun(report.summary(conflicts: try vault.syncStatus().conflicts), context: context,
                     what: "Sync set up with \(configuration.description)", firstHeader: true)
    }

    static func clone(_ configuration: SyncTransportConfiguration, interval: TimeInterval?, context: CommandContext) throws {
        let path = context.vaultPath
        guard !FileManager.default.fileExists(atPath: path) else {
            throw CLIError("A vault exists at \(path) already; clone into a new path with --vault.")
        }
        let transport = try configuration.makeTransport(vaultPath: path)
        try transport.pull()
        guard let bytes = try transport.readHeader() else {
            throw CLIError("\(configuration.description) holds no synced vault (no \(SyncHeader.fileName)).")
        }
        let header = try SyncHeader(decoding: bytes)
        let vault = try context.withMasterPassword { password in
            try Vault.cloneForSync(at: path, header: header, password: password, publicSuffixList: context.publicSuffixList())
        }
        try vault.setSetting(named: SyncTransportConfiguration.settingName, to: configuration.setting)
        if let interval { try vault.setSyncInterval(interval) }
        let report = try vault.sync(with: transport)
        try printRun(report.summary(conflicts: try vault.syncStatus().conflicts), context: context,
                     what: "Joined the synced vault at \(configuration.description)")
    }

    static func syncNow(context: CommandContext) throws {
        if let agent = context.unlockedAgent() {
            try printRun(try agent.sync(), context: context, what: "Synced through the agent")
            return
        }
        let vault = try openVault(context: context)
        let configuration = try SyncTransportConfiguration(storedIn: vault)
        let report = try vault.sync(with: try configuration.makeTransport(vaultPath: context.vaultPath))
        try printRun(report.summary(conflicts: try vault.syncStatus().conflicts), context: context,
                     what: "Synced with \(configuration.description)")
    }

    static func status(context: CommandContext) throws {
        let summary: SyncStatusReport
        if let agent = context.unlockedAgent() {
            summary = try agent.syncStatus()
        } else {
            let vault = try openVault(context: context)
            let configuration = try SyncTransportConfiguration(storedIn: vault)
            let names = try configuration.makeTransport(vaultPath: context.vaultPath).listBatches()
            var local = SyncStatusReport(local: try vault.syncStatus(), published: names, transport: configuration.description)
            local.autoSync = AutoSyncState(interval: try vault.syncInterval())
            summary = local
        }
        if context.wantsJSON {
            try context.printJSON(summary)
            return
        }
        print("Syncing with \(summary.transport) as device \(summary.device.prefix(8)).")
        var table = Table(headers: ["DEVICE", "PUBLISHED", "MERGED", "LAST CHANGE", "STATE"])
        for row in summary.devices {
            let withheld: String? = row.withheld == 0 ? nil
                : row.withheld.counted("batch", "batches") + " others have " + (row.withheld == 1 ? "is" : "are") + " missing here"
            let progress: String = row.published > row.merged ? "\(row.published - row.merged) to merge" : "up to date"
            let state: String = row.thisDevice ? "this device" : row.gapAt.map { "gap: batch \($0) missing" } ?? withheld ?? progress
            table.append([String(row.device.prefix(8)), String(row.published), String(row.merged),
                          row.lastChange.map { ISO8601DateFormatter().string(from: $0) } ?? "-", state])
        }
        table.print()
        print("\(summary.pendingChanges.counted("change")) not yet published; \(summary.conflicts.counted("conflict")).")
        if summary.newPasswordNeeded {
            print("The master password was changed on another device: run 'sesame sync password' to take in the new key; until then this device publishes nothing.")
        }
        for path in summary.equivocations {
            let name = path.split(separator: "/")
            let device = name.count == 3 ? String(name[1].prefix(8)) : "?"
            print("Equivocation: device \(device) published two different files as \(path); the one merged first stays and the other is never applied.")
        }
        print(describe(summary.autoSync ?? AutoSyncState()))
    }

    /// Always opens the vault itself (a running agent reads the new keys at its next step): the change of a
    /// synced vault's keys asks for this device's own master password, then for the other device's new one.
    static func adoptPassword(context: CommandContext) throws {
        let vault = try openVault(context: context, purpose: .thisVaultsMasterPassword)
        guard try vault.isSyncEnabled else { throw SyncError.notConfigured }
        // The header the other device published, if this copy has not fetched it yet. Offline, the header an
        // earlier round adopted is enough.
        let configuration = try SyncTransportConfiguration(storedIn: vault)
        do {
            let transport = try configuration.makeTransport(vaultPath: context.vaultPath)
            try transport.pull()
            _ = try vault.reconcileSyncHeader(published: try transport.readHeader())
        } catch let error as SyncError {
            Terminal.writeToStandardError(
                "Warning: \(error.description) Using the vault header this device already has.\n")
        }
        guard try vault.needsNewSyncPassword else {
            if context.wantsJSON { try context.printJSON(["adopted": false]) } else {
                print("This device holds every key of the synced vault: nothing to do.")
            }
            return
        }
        do {
            try context.withMasterPassword(.syncPassword) { try vault.adoptSyncPassword($0) }
        } catch VaultError.wrongPassword {
            throw CLIError("That password does not open the vault header the other device published.",
                           status: .wrongPassword)
        }
        if context.wantsJSON { try context.printJSON(["adopted": true]) } else {
            print("Took in the new key of the synced vault; run 'sesame sync' to publish this device's changes.")
        }
    }

    static func auto(_ interval: TimeInterval?, context: CommandContext) throws {
        // A plain value of the vault file: no master password needed to read or change it.
        let vault = try Vault(path: context.vaultPath, publicSuffixList: context.publicSuffixList())
        if let interval { try vault.setSyncInterval(interval) }
        var state = AutoSyncState(interval: try vault.syncInterval())
        // A running agent reads the new setting now (and reports its last round).
        if let agent = context.unlockedAgent(), let report = try? agent.syncStatus(), let running = report.autoSync {
            state = running
        }
        if context.wantsJSON {
            try context.printJSON(state)
        } else {
            print(describe(state))
        }
    }

    // MARK: - Helpers

    static func describe(_ state: AutoSyncState) -> String {
        var text = state.interval.map {
            "Automatic sync: every \(AgentDuration.format($0)) and after each change, while the agent holds the vault unlocked."
        } ?? "Automatic sync: off ('sesame sync auto on' turns it on)."
        if let lastRun = state.lastRun {
            let when = ISO8601DateFormatter().string(from: lastRun)
            text += state.lastError.map { "\nLast agent sync \(when) failed: \($0)" } ?? "\nLast agent sync: \(when), succeeded."
        }
        return text
    }

    /// - Parameter firstHeader: the round published the header of a vault just set up, not a password change's.
    static func printRun(
        _ summary: SyncRunReport.Summary, context: CommandContext, what: String, firstHeader: Bool = false
    ) throws {
        if summary.newDevice {
            Terminal.writeToStandardError(
                "Warning: this vault was restored from an older copy; it now syncs as a new device.\n")
        }
        if context.wantsJSON {
            try context.printJSON(summary)
        } else {
            print("\(what): merged \(summary.appliedBatches.counted("batch", "batches")) changing \(summary.changedItems.counted("item")), published \(summary.published.count).")
            if summary.conflicts > 0 { print("\(summary.conflicts.counted("item")) \(summary.conflicts == 1 ? "has" : "have") conflicting versions: see 'sesame conflicts'.") }
            let behindGaps = summary.waiting.count - summary.held.count - summary.newerKey.count
            if behindGaps > 0 { print("\(behindGaps.counted("batch", "batches")) \(behindGaps == 1 ? "waits" : "wait") for an earlier one that has not arrived.") }
            if !summary.newerKey.isEmpty {
                print("\(summary.newerKey.count.counted("batch", "batches")) \(summary.newerKey.count == 1 ? "is" : "are") sealed under a key this device does not hold yet.")
            }
            if !summary.held.isEmpty {
                print("\(summary.held.count.counted("batch", "batches")) sealed under the key the last master password change retired \(summary.held.count == 1 ? "waits" : "wait") for their device to take in the new password.")
            }
            if summary.header == "published" && !firstHeader {
                print("Published the vault header for the new master password: new devices join with it.")
            }
        }
        for rejection in summary.rejected {
            Terminal.writeToStandardError("Warning: refused \(rejection.file): \(rejection.reason)\n")
        }
        if !summary.rejected.isEmpty {
            throw CLIError("\(summary.rejected.count) sync file(s) were refused; the rest was merged.")
        }
        if summary.newPasswordNeeded {
            throw CLIError(
                "The master password was changed on another device: run 'sesame sync password' here and enter it once; until then this device's changes wait unpublished.")
        }
    }

    static func openVault(context: CommandContext, password: SecureBytes) throws -> Vault {
        let vault = try Vault(path: context.vaultPath, publicSuffixList: context.publicSuffixList())
        try vault.unlock(password: password)
        return vault
    }

    /// The vault unlocked in this process with its master password (three tries at a terminal).
    static func openVault(context: CommandContext, purpose: SecretReader.Purpose = .masterPassword) throws -> Vault {
        let vault = try Vault(path: context.vaultPath, publicSuffixList: context.publicSuffixList())
        try context.withMasterPassword(purpose) { try vault.unlock(password: $0) }
        return vault
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
