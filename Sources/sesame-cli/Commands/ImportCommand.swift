import Foundation
import SesameAutoFill
import SesameCrypto
import SesameInterchange
import SesameTerminal
import SesameTerminalText

/// `sesame import FILE`: logins from another manager's export, or from a Sesame backup, in one transaction.
enum ImportCommand: Command {
    static let formatNames = ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")

    static let spec = CommandSpec(
        name: "import",
        abstract: "Import logins from another password manager's export or a Sesame backup.",
        discussion: "The format is found from the content: Chrome/Edge, Firefox, Safari/Apple Passwords, Bitwarden, 1Password and KeePassXC CSV, Bitwarden's unencrypted JSON, Credential Exchange (CXF 1.0) JSON from Apple Passwords, 1Password, Dashlane, Bitwarden and others (credentials of kinds Sesame does not hold, such as cards, are listed by item and kind, not imported; passkeys come in with their logins), KeePass files (KDBX 3.1 and 4.x: their password, and --key-file, are asked after the master password; groups become tags, history, attachments and one-time codes are kept), and Sesame backups (sesame export --format sesame, whose password is asked after the master password). A login already in the vault with the same site, user name and password is skipped; one with the same site and user name but another password gets the imported password, its old one kept in its history. Rows that cannot be used are listed with their line and the reason; the rest are imported. The import is one transaction: interrupted, the vault holds all of it or none of it. See docs/import-export.md.",
        declaring: Arguments.self)

    struct Arguments: CommandArguments {
        static let formatOption = OptionSpec.value("format", valueName: "format", help: "The file's format, when it is not found from the content (\(formatNames)).",
                   completion: .values(ImportFormat.allCases.map(\.rawValue)))

        let file: String?
        let format: String?
        let keyFile: String?
        let dryRun: Bool
        let usage: CommandUsage

        init(_ decoder: inout ArgumentDecoder) {
            file = decoder.argument(ArgumentSpec("file", help: "The file to import."))
            format = decoder.value(Self.formatOption)
            keyFile = decoder.value(.value("key-file", valueName: "file", help: "A KeePass file's key file (with or instead of its password)."))
            dryRun = decoder.flag(.flag("dry-run", help: "Say what the import would do, and write nothing."))
            decoder.shared(CommonOptions.passwordStdin, CommonOptions.json, CommonOptions.vault)
            usage = decoder.usage
        }
    }

    /// Imports at least this large draw a progress bar on a terminal.
    static let progressThreshold = 200

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        guard let file = arguments.file, !file.isEmpty else {
            throw arguments.usage.error("Missing the file to import")
        }
        let named = try arguments.usage.converted(arguments.format, of: Arguments.formatOption) { ImportFormat(name: $0) }
        let bytes = try ExportFile.read(file, limit: ImportLimits.largestFile)
        // Before any password is asked: a file Sesame cannot read costs the user nothing to find out.
        guard let format = named ?? ImportFormat.detect(bytes) else {
            throw CLIError("Sesame does not recognise the format of \(file); name it with --format (\(formatNames)).")
        }
        // A key file's path is not a secret; its contents are, and stay in secure memory.
        let keyFile = try arguments.keyFile.map { path -> SecureBytes in
            var contents = try ExportFile.read(path, limit: ImportLimits.keyFileBytes)
            defer { zeroize(&contents) }
            return SecureBytes(copying: contents)
        }

        let service = try context.openService()
        let (_, batch) = try ImportReader.read(bytes, as: format) { secret in
            switch secret {
            case .backupPassword: try context.secrets.read(.backupPassword)
            // With a key file, an empty password opens files that have none.
            case .keePassPassword: try context.secrets.read(.keePassPassword)
            case .keePassKeyFile: keyFile ?? SecureBytes(count: 0)
            }
        }
        let dryRun = arguments.dryRun
        let items = batch.records.map(\.item)
        let progress = items.count >= progressThreshold && !context.wantsJSON
            ? ProgressReporter(dryRun ? "Checking" : "Importing", total: items.count) : nil
        let summary = try service.importItems(items, keePassDatabases: batch.keePassDatabases, dryRun: dryRun) {
            progress?.update(completed: $0)
        }
        progress?.finish()
        let report = ImportReport(format: format, dryRun: dryRun, batch: batch, summary: summary)
        if context.wantsJSON {
            try context.printJSON(report)
        } else {
            report.printText()
        }
    }
}

/// What `sesame import` prints: the counts, then each rejected row with its reason.
struct ImportReport: Encodable {
    struct Row: Encodable {
        var location: String
        var outcome: ImportSummary.Outcome
        var id: String
    }

    var format: String
    var dryRun: Bool
    var created: Int
    var updated: Int
    var skipped: Int
    var rejected: [ImportRejection]
    var notImported: [ImportSkip]
    var items: [Row]
    private var formatName: String

    init(format: ImportFormat, dryRun: Bool, batch: ImportBatch, summary: ImportSummary) {
        self.format = format.rawValue
        formatName = format.displayName
        self.dryRun = dryRun
        created = summary.count(.created)
        updated = summary.count(.updated)
        skipped = summary.count(.skipped)
        rejected = batch.rejected
        notImported = batch.skipped
        items = zip(batch.records, summary.entries).map {
            Row(location: $0.location, outcome: $1.outcome, id: $1.itemID.uuidString.lowercased())
        }
    }

    enum CodingKeys: String, CodingKey {
        case format, dryRun, created, updated, skipped, rejected, notImported, items
    }

    func printText() {
        let counts = "\(created) created, \(updated) updated, \(skipped) skipped, \(rejected.count) rejected"
        if dryRun {
            print("Dry run of an import from a \(formatName) file (nothing written): \(counts).")
        } else {
            print("Imported from a \(formatName) file: \(counts).")
        }
        for rejection in rejected {
            print("Rejected \(TerminalText.sanitized(rejection.location)): \(TerminalText.sanitized(rejection.reason)).")
        }
        for skip in notImported {
            print("Not imported from \(TerminalText.sanitized(skip.location)): \(skip.count) \(TerminalText.sanitized(skip.kind)) (\(TerminalText.sanitized(skip.reason))).")
        }
    }
}
