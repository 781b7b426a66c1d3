import Foundation
import SesameAutoFill
import SesameCommandContract
import SesameDomains
import SesameTerminal
import SesameTerminalText

/// `sesame match`: the ranked list of logins a login form would be offered, as the AutoFill extension shows it.
enum MatchCommand: Command {
    static let spec = CommandSpec(
        name: FrontServedCommand.match.rawValue,
        abstract: "List the logins a login form would be offered, best first (never their passwords).",
        discussion: "Give the form's URLs or domains, most specific first; without any, every login is listed, most recently used first. Logins rank by how they match (exact URL, same host, subdomain or parent, same site, equivalent site), then same port, then most recent use, then title. An https login is never offered on an http form.",
        declaring: Arguments.self)

    struct Arguments: CommandArguments {
        let urlOrDomain: [String]
        let usage: CommandUsage

        init(_ decoder: inout ArgumentDecoder) {
            urlOrDomain = decoder.arguments(ArgumentSpec("url-or-domain", help: "A URL or domain of the login form (several: most specific first).",
                         isOptional: true, isVariadic: true))
            decoder.shared(CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault)
            usage = decoder.usage
        }
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        let form = try FormIdentifiers(arguments.urlOrDomain, usage: arguments.usage)
        let service = try context.openService()
        let listsAll = form.identifiers.isEmpty
        if listsAll && context.wantsJSON {
            try printAll(from: service)
            return
        }
        let matches = try service.match(form.identifiers)
        if context.wantsJSON {
            try context.printJSON(matches.map { MatchJSON($0, listsAll: listsAll) })
        } else if matches.isEmpty {
            print(listsAll ? CommandOutput.noLogins : "No login matches \(form.description).")
        } else {
            var table = Table(headers: CommandOutput.matchColumns(listsAll: listsAll))
            for match in matches {
                let kind = match.match.rawValue + (match.samePort ? "" : ", other port")
                table.append((listsAll ? [] : [kind]) + [
                    match.title, match.username, match.url, match.lastUsed.map(Self.day) ?? "never",
                    String(match.id.uuidString.lowercased().prefix(8)),
                ])
            }
            table.print()
        }
    }

    /// Every login as JSON, written as the rows arrive: the same bytes as one `printJSON` of the whole array, without
    /// ever holding the list of a very large vault (or its JSON) whole.
    static func printAll(from service: any CredentialFilling) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        var wroteAny = false
        var failure: (any Error)?
        try service.matchAll(inPiecesOf: 1_000) { rows in
            guard failure == nil else { return }
            var text = Data()
            for row in rows {
                do {
                    // JSON escapes newlines inside strings, so every newline here is structure: indent each line.
                    let object = try encoder.encode(MatchJSON(row, listsAll: true))
                    text.append(contentsOf: Array((wroteAny ? ",\n  " : "[\n  ").utf8))
                    text.append(contentsOf: object.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                        .joined(separator: Array("\n  ".utf8)))
                    wroteAny = true
                } catch {
                    failure = error
                    return
                }
            }
            do { try StandardOutput.write(text) } catch { failure = error }
        }
        if let failure { throw failure }
        if wroteAny {
            try StandardOutput.write(Data("\n]\n".utf8))
        } else {
            try StandardOutput.write(try encoder.encode([MatchJSON]()) + Data("\n".utf8))
        }
    }

    static func day(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day())
    }
}

/// The stable JSON shape of one `sesame match` row. Without identifiers the rows are not matches: `match` and
/// `samePort` are null, and `url` is the login's first URL (null when it has none).
struct MatchJSON: Encodable {
    var id: String
    var title: String
    var username: String
    var url: String?
    var match: String?
    var samePort: Bool?
    var lastUsed: Date?

    init(_ match: CredentialMatch, listsAll: Bool) {
        id = match.id.uuidString.lowercased()
        title = match.title
        username = match.username
        url = listsAll && match.url.isEmpty ? nil : match.url
        self.match = listsAll ? nil : match.match.rawValue
        samePort = listsAll ? nil : match.samePort
        lastUsed = match.lastUsed
    }

    private typealias CodingKeys = CommandJSON.Match

    /// Every key is always present, null when it has no value, so scripts can rely on the shape.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(username, forKey: .username)
        try container.encode(url, forKey: .url)
        try container.encode(match, forKey: .match)
        try container.encode(samePort, forKey: .samePort)
        try container.encode(lastUsed, forKey: .lastUsed)
    }
}

/// The URLs and domains a command names as a login form, checked before the vault is unlocked. Text that is not
/// a URL or domain is left out with a warning, as the AutoFill engine ignores it; if nothing is left, it is a
/// usage error.
struct FormIdentifiers: CustomStringConvertible {
    var identifiers: [ServiceIdentifier] = []
    private var names: [String] = []

    init(_ texts: [String], usage: CommandUsage) throws {
        var rejected: [String] = []
        for text in texts {
            do {
                let url = try ServiceURL(parsing: text)
                identifiers.append(ServiceIdentifier(parsing: text))
                let name = Self.name(of: url)
                if !names.contains(name) { names.append(name) }
            } catch {
                rejected.append(Self.redacted(error))
            }
        }
        if identifiers.isEmpty, let first = rejected.first {
            throw usage.error("'\(first)' is not a valid URL or domain")
        }
        for text in rejected {
            Terminal.writeToStandardError("Warning: '\(text)' is not a valid URL or domain; it is ignored.\n")
        }
    }

    /// The sites named, for messages: hosts in Unicode with explicit ports, never user info or paths.
    var description: String { names.joined(separator: ", ") }

    private static func name(of url: ServiceURL) -> String {
        var name = url.host.kind == .ipv6 ? "[\(url.host.ascii)]" : url.host.unicode
        if let port = url.port { name += ":\(port)" }
        return name
    }

    private static func redacted(_ error: DomainError) -> String {
        switch error {
        case .invalidURL(let text), .invalidHost(let text): text
        default: error.description
        }
    }
}
