import Foundation
import SesameAutoFill
import SesameCrypto
import SesameInterchange
import SesameKeePass
import SesameStore
import SesameTerminal

/// `sesame export`: every login into a Sesame backup (encrypted with a password of its own) or into plain CSV.
/// Either way the master password is asked again, even while the agent holds the vault unlocked.
enum ExportCommand: Command {
    static let spec = CommandSpec(
        name: "export",
        abstract: "Export every login into an encrypted Sesame backup or KeePass file, or into plain CSV or CXF.",
        discussion: "--format sesame writes an encrypted backup with a password of its own (Argon2id, XChaCha20-Poly1305; docs/backup-format.md) that sesame import restores completely: history, one-time-code secrets, attachments and fields included. --format kdbx writes a KeePass (KDBX 4, AES-256, Argon2id) file protected by a password of its own that KeePassXC, KeePassium and Strongbox open, with groups from tags, history, attachments and one-time codes in KeePassXC's otp form. --format csv writes every password in plain text, so it needs --unencrypted; its columns (Title, URL, Username, Password, Notes, OTPAuth) are the ones Safari/Apple Passwords write, which Chrome/Edge, Bitwarden and Sesame import. --format cxf writes the FIDO Credential Exchange Format (CXF 1.0 JSON) that Bitwarden, 1Password, Dashlane and Sesame import, with every login, one-time code, note, field and tag; it is plain text too, so it needs --unencrypted, and it says what CXF has no place for (password history, attachments). The master password is always asked, even while the agent is unlocked: the export holds every password at once, so it is proved again (three tries at a terminal). Then the backup's or KeePass file's password (twice on a terminal; one that zxcvbn estimates below 50 bits is refused unless --allow-weak-password); with --password-stdin, one line each in that order. FILE is created with mode 0600 and never replaces an existing file. Not the same as sesame backup, which copies the vault file itself.",
        declaring: Arguments.self)

    struct Arguments: CommandArguments {
        let file: String?
        let format: String?
        let unencrypted: Bool
        let usage: CommandUsage

        init(_ decoder: inout ArgumentDecoder) {
            file = decoder.argument(ArgumentSpec("file", help: "The new file to write (must not exist)."))
            format = decoder.value(.value("format", valueName: "format", help: "sesame (an encrypted backup), kdbx (a KeePass file), csv or cxf (plain text).",
                   completion: .values(["sesame", "kdbx", "csv", "cxf"])))
            unencrypted = decoder.flag(.flag("unencrypted", help: "Allow a format that holds the passwords in plain text (csv, cxf)."))
            decoder.shared(CommonOptions.allowWeakPassword, CommonOptions.passwordStdin, CommonOptions.json, CommonOptions.vault)
            usage = decoder.usage
        }
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        guard let file = arguments.file, !file.isEmpty else {
            throw arguments.usage.error("Missing the file to export to")
        }
        guard let format = arguments.format else {
            throw arguments.usage.error("Name the export's format with --format sesame, kdbx, csv or cxf")
        }
        switch format {
        case "sesame": break
        case "csv", "cxf":
            guard arguments.unencrypted else {
                throw arguments.usage.error("A \(format.uppercased()) export holds every password in plain text; add --unencrypted to write it anyway")
            }
        case "kdbx": break
        default:
            throw arguments.usage.error("Unknown export format '\(format)' (sesame, kdbx, csv or cxf)")
        }
        if FileManager.default.fileExists(atPath: file) || (try? FileManager.default.destinationOfSymbolicLink(atPath: file)) != nil {
            throw CLIError("\(file) already exists; an export never replaces a file: remove it or name another.")
        }
        if context.promptsAtTerminal {
            TerminalQuestion.tell("An export holds every password at once, so it asks for the master password even while the agent is unlocked.\n")
        }
        let export = try context.withMasterPassword { master in
            try context.openService(password: master).export(masterPassword: master)
        }
        let items = export.items
        if format == "sesame" {
            let password = try context.readNewPassword(.newBackupPassword, what: "The backup's password")
            try ExportFile.create(file, try BackupFormat.write(items, keePassDatabases: export.keePassDatabases, password: password))
        } else if format == "kdbx" {
            let password = try context.readNewPassword(.newKeePassPassword, what: "The KeePass file's password")
            try ExportFile.create(file, try KeePassFile.file(
                from: items, databases: export.keePassDatabases, deletions: export.deletions, credentials: KeePassCredentials(password: password)))
        } else if format == "cxf" {
            var written = CXFFile.write(items)
            defer { zeroize(&written.bytes) }
            try ExportFile.create(file, written.bytes)
            try reportCXF(file: file, summary: written.summary, context: context)
            return
        } else {
            var bytes = CSVExport.write(items)
            defer { zeroize(&bytes) }
            try ExportFile.create(file, bytes)
        }
        let escaped = format == "csv" ? CSVExport.escapedCellCount(items) : 0
        if context.wantsJSON {
            try context.printJSON(ExportReport(file: file, format: format, items: items.count,
                                               escapedCells: format == "csv" ? escaped : nil))
        } else {
            let kind = ["sesame": "an encrypted Sesame backup", "kdbx": "a KeePass file"][format] ?? "plain-text CSV"
            print("Exported \(items.count.counted("login")) to \(file) (\(kind)).")
        }
        if escaped > 0 {
            Terminal.writeToStandardError(
                "Note: \(escaped) \(escaped == 1 ? "value starts" : "values start") with =, +, -, @, a tab or a carriage "
                    + "return and \(escaped == 1 ? "was" : "were") written after a ' so that spreadsheets show "
                    + "\(escaped == 1 ? "it" : "them") as text, not formulas; sesame import removes the ', other managers "
                    + "keep it (docs/import-export.md).\n")
        }
    }
}

private struct ExportReport: Encodable {
    var file: String
    var format: String
    var items: Int
    /// CSV only: cells written after a `'` (formula-like values).
    var escapedCells: Int?
    /// CXF only: what it holds and what it left out.
    var cxf: CXFExportSummary?
}

extension ExportCommand {
    /// What a CXF export wrote, then what CXF has no place for.
    static func reportCXF(file: String, summary: CXFExportSummary, context: CommandContext) throws {
        if context.wantsJSON {
            try context.printJSON(ExportReport(file: file, format: "cxf", items: summary.items, cxf: summary))
            return
        }
        func counted(_ number: Int, _ one: String, _ many: String) -> String? {
            number == 0 ? nil : "\(number) \(number == 1 ? one : many)"
        }
        let parts = [
            counted(summary.logins, "login", "logins"), counted(summary.codes, "one-time code", "one-time codes"),
            counted(summary.codesAsFields, "one-time code CXF cannot describe, as a field",
                    "one-time codes CXF cannot describe, as fields"),
            counted(summary.passkeys, "passkey", "passkeys"), counted(summary.notes, "note", "notes"),
            counted(summary.fields, "field", "fields"),
        ].compactMap { $0 }
        let items = summary.items.counted("item")
        print("Exported \(items) to \(file) (Credential Exchange JSON, plain text)"
            + (parts.isEmpty ? "." : ": " + parts.joined(separator: ", ") + "."))
        if !summary.leftOut.isEmpty {
            let leftOut = summary.leftOut.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }
            print("Left out (CXF has no place for them): " + leftOut.joined(separator: ", ") + ".")
        }
    }
}
