import Foundation
import SesameStore

/// The column layouts of the CSV files the common managers export, each from its documented columns, and how one
/// row becomes an item. Columns are found by name (any case, any order); a layout needs only its `required` ones,
/// so an older export without, say, Chrome's `note` column still reads.
struct CSVLayout: Sendable {
    var format: ImportFormat
    /// Columns whose presence names the layout (lowercased).
    var required: Set<String>
    /// Columns that tell this layout apart from one with the same required set.
    var distinctive: Set<String> = []

    static let all: [CSVLayout] = [
        // Bitwarden and KeePassXC first: their column sets include words the browsers' layouts use.
        CSVLayout(format: .bitwardenCSV, required: ["name", "login_uri", "login_username", "login_password"]),
        CSVLayout(format: .keepassxcCSV, required: ["group", "title", "username", "password", "url"]),
        CSVLayout(format: .onePassword, required: ["title", "url", "username", "password"],
                  distinctive: ["favorite", "archived"]),
        CSVLayout(format: .safari, required: ["title", "url", "username", "password"]),
        CSVLayout(format: .firefox, required: ["url", "username", "password"], distinctive: ["guid"]),
        CSVLayout(format: .chrome, required: ["name", "url", "username", "password"]),
    ]

    static func detect(header: [String]) -> CSVLayout? {
        let names = Set(header.map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        return all.first { $0.required.isSubset(of: names) && $0.distinctive.isSubset(of: names) }
    }

    static func layout(for format: ImportFormat) -> CSVLayout? {
        all.first { $0.format == format }
    }

    /// Reads a whole file in this layout: the first row is the header.
    func read(_ bytes: [UInt8]) throws(ImportError) -> ImportBatch {
        let (rows, problems) = try CSVReader.read(bytes)
        var batch = ImportBatch(rejected: problems.map { ImportRejection(location: "line \($0.line)", reason: $0.reason) })
        guard let header = rows.first?.fields else { throw ImportError("The file is empty: it has no header row.") }
        let columns = Columns(header)
        let missing = required.subtracting(columns.names)
        guard missing.isEmpty else {
            throw ImportError("The file is not \(format.displayName): it has no column named \(missing.sorted().joined(separator: ", ")).")
        }
        for row in rows.dropFirst() {
            let location = "line \(row.line)"
            guard row.fields.count == header.count else {
                batch.rejected.append(ImportRejection(
                    location: location,
                    reason: "it has \(row.fields.count) fields where the header has \(header.count)"))
                continue
            }
            do throws(ImportError) {
                batch.records.append(ImportRecord(item: try item(from: Fields(columns: columns, row: row.fields)),
                                                  location: location))
            } catch {
                batch.rejected.append(ImportRejection(location: location, reason: error.message))
            }
        }
        batch.rejected.sort { ($0.location.count, $0.location) < ($1.location.count, $1.location) }
        return batch
    }

    private func item(from row: Fields) throws(ImportError) -> Item {
        var draft = ItemDraft()
        switch format {
        case .chrome:
            draft.title = row["name"]
            draft.urls = [row["url"]]
            draft.username = row["username"]
            draft.password = row["password"]
            draft.notes = row["note"]
        case .firefox:
            draft.urls = [row["url"]]
            draft.username = row["username"]
            draft.password = row["password"]
            draft.created = ItemDraft.date(millisecondsSince1970: row["timecreated"])
            draft.modified = ItemDraft.date(millisecondsSince1970: row["timepasswordchanged"])
            // Kept only when they say something the URL does not.
            if !row["httprealm"].isEmpty { draft.field("httpRealm", row["httprealm"]) }
            if !row["formactionorigin"].isEmpty, row["formactionorigin"] != row["url"] {
                draft.field("formActionOrigin", row["formactionorigin"])
            }
        case .safari:
            // Sesame's own CSV export has these columns and quotes formula-like cells (SpreadsheetCell).
            let cell = { (name: String) in SpreadsheetCell.unescaped(row[name]) }
            draft.title = cell("title")
            draft.urls = [cell("url")]
            draft.username = cell("username")
            draft.password = cell("password")
            draft.notes = cell("notes")
            draft.oneTimeCode = cell("otpauth")
        case .onePassword:
            draft.title = row["title"]
            draft.urls = [row["url"]]
            draft.username = row["username"]
            draft.password = row["password"]
            draft.notes = row["notes"]
            draft.oneTimeCode = row["otpauth"]
            draft.tags = ItemDraft.list(row["tags"], separators: [",", ";"])
            if row["favorite"] == "true" || row["favorite"] == "1" { draft.tags.append("Favorite") }
            if row["archived"] == "true" || row["archived"] == "1" { draft.tags.append("Archived") }
        case .bitwardenCSV:
            draft.title = row["name"]
            draft.urls = ItemDraft.list(row["login_uri"], separators: [",", "\n", "\r\n"])
            draft.username = row["login_username"]
            draft.password = row["login_password"]
            draft.notes = row["notes"]
            draft.oneTimeCode = row["login_totp"]
            draft.tags = ItemDraft.list(row["folder"], separators: [])
            if row["favorite"] == "1" { draft.tags.append("Favorite") }
            for line in row["fields"].split(whereSeparator: \.isNewline) {
                let parts = line.split(separator: ":", maxSplits: 1)
                draft.field(String(parts[0]), parts.count > 1 ? String(parts[1].drop { $0 == " " }) : "")
            }
        case .keepassxcCSV:
            draft.title = row["title"]
            draft.urls = [row["url"]]
            draft.username = row["username"]
            draft.password = row["password"]
            draft.notes = row["notes"]
            draft.oneTimeCode = row["totp"]
            draft.tags = ItemDraft.groupTags(row["group"])
            draft.created = ItemDraft.date(iso8601: row["created"])
            draft.modified = ItemDraft.date(iso8601: row["last modified"])
        case .bitwardenJSON, .kdbx, .cxf, .sesame:
            preconditionFailure("\(format) is not a CSV layout")
        }
        return try draft.item()
    }

    /// Header names to column positions, lowercased; the first of two same-named columns wins.
    struct Columns {
        var positions: [String: Int] = [:]
        var names: Set<String> { Set(positions.keys) }

        init(_ header: [String]) {
            for (index, name) in header.enumerated() {
                let key = name.trimmingCharacters(in: .whitespaces).lowercased()
                if positions[key] == nil { positions[key] = index }
            }
        }
    }

    /// One row's values by column name; a column the file lacks reads as empty.
    struct Fields {
        var columns: Columns
        var row: [String]

        subscript(_ name: String) -> String {
            guard let index = columns.positions[name] else { return "" }
            return row[index]
        }
    }
}
