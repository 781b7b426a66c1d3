import Glibc
import SesameAgentLink
import SesameCommandContract
import SesameTerminalText

/// `sesame match [URL-OR-DOMAIN…] [--json] [--vault PATH] [--password-stdin]` served by the front: the same
/// `match` request as the full command, the same JSON (every login streamed as it arrives, when no identifier is
/// given) or table. Left to the full CLI: identifiers that are not plainly valid (it warns about those), no
/// match for the given ones (its message names the sites, in Unicode), and every error.
struct FrontMatch {
    var identifiers: [String]
    var json: Bool
    var vault: String?
    let environment: [String: String]

    init?(_ words: [String], environment: [String: String]) {
        guard words.first == FrontServedCommand.match.rawValue,
            let arguments = FrontArguments(words.dropFirst(), options: FrontArguments.common, positionals: 0...Int.max),
            arguments.positionals.allSatisfy(PlainIdentifier.isPlain)
        else { return nil }
        identifiers = arguments.positionals
        json = arguments.has(.json)
        vault = arguments.value(.vault)
        self.environment = environment
    }

    var listsAll: Bool { identifiers.isEmpty }

    /// The exit status, or nil when the full CLI should run the command.
    func run() -> Int32? {
        var fields: [FrontRequest.Match: AgentJSON] = [.identifiers: .array(identifiers.map(Self.wireIdentifier))]
        if listsAll && json {
            // As the full command asks: in frames of 1,000 rows, printed as they come.
            fields[.rowsPerFrame] = .number("1000")
            guard let (conversation, first) = FrontAgent.open(vault: vault, environment: environment, .match, AgentJSON.members(fields))
            else { return nil }
            return streamAll(first: first, conversation: conversation)
        }
        guard let (_, reply) = FrontAgent.open(vault: vault, environment: environment, .match, AgentJSON.members(fields)),
            case .array(let matches) = reply[FrontReply.Match.matches], reply[FrontReply.Match.more] == nil
        else { return nil }
        let output: [UInt8]
        if json {
            var rows: [AgentJSON] = []
            for match in matches {
                guard let row = Self.jsonRow(match, listsAll: listsAll) else { return nil }
                rows.append(row)
            }
            output = FrontOutput.json(.array(rows))
        } else if matches.isEmpty {
            guard listsAll else { return nil }
            output = FrontOutput.line(CommandOutput.noLogins)
        } else {
            var table = Table(headers: CommandOutput.matchColumns(listsAll: listsAll))
            for match in matches {
                guard let cells = tableRow(match) else { return nil }
                table.append(cells)
            }
            output = FrontOutput.table(table, environment: environment)
        }
        return FullProgram.writeAll(output, to: STDOUT_FILENO) ? 0 : 1
    }

    /// One form identifier as `fill` and `match` send it (`ServiceIdentifier(parsing:)`'s reading: a URL when it
    /// has `://`, else a domain).
    static func wireIdentifier(_ identifier: String) -> AgentJSON {
        let kind: FrontRequest.IdentifierKind = identifier.contains("://") ? .url : .domain
        return .object(named: [FrontRequest.ServiceIdentifier.identifier: .string(identifier), .kind: .string(kind.rawValue)])
    }

    /// `MatchJSON`: every key present, null when it has no value; without identifiers the rows are not matches.
    static func jsonRow(_ match: AgentJSON, listsAll: Bool) -> AgentJSON? {
        guard let id = FrontOutput.id(match[Row.id]), let title = match[Row.title]?.string,
            let username = match[Row.username]?.string, let url = match[Row.url]?.string, let kind = match[Row.match]?.string,
            let samePort = match[Row.samePort]?.bool, let lastUsed = FrontOutput.optionalDateTime(match[Row.lastUsed])
        else { return nil }
        return .object(named: [
            CommandJSON.Match.id: .string(id), .title: .string(title), .username: .string(username),
            .url: listsAll && url.isEmpty ? .null : .string(url),
            .match: listsAll ? .null : .string(kind),
            .samePort: listsAll ? .null : .bool(samePort),
            .lastUsed: lastUsed,
        ])
    }

    private typealias Row = FrontReply.CredentialMatch

    private func tableRow(_ match: AgentJSON) -> [String]? {
        guard let id = FrontOutput.id(match[Row.id]), let title = match[Row.title]?.string,
            let username = match[Row.username]?.string, let url = match[Row.url]?.string, let kind = match[Row.match]?.string,
            let samePort = match[Row.samePort]?.bool
        else { return nil }
        var lastUsed = "never"
        if let used = match[Row.lastUsed], used != .null {
            guard case .number(let text) = used, let seconds = Double(text), let day = ISO8601Text.day(seconds) else {
                return nil
            }
            lastUsed = day
        }
        return (listsAll ? [] : [kind + (samePort ? "" : ", other port")]) + [title, username, url, lastUsed, String(id.prefix(8))]
    }

    /// Every login, one frame after the other: the bytes `MatchCommand.printAll` writes (a pretty-printed array
    /// whose rows are written as they arrive). Until the first bytes are out the full CLI can still take over.
    private func streamAll(first: AgentJSON, conversation: AgentConversation) -> Int32? {
        var reply = first
        var wroteAny = false
        while true {
            guard case .array(let rows) = reply[FrontReply.Match.matches] else { return wroteAny ? streamBroke() : nil }
            var text: [UInt8] = []
            for row in rows {
                guard let object = Self.jsonRow(row, listsAll: true) else { return wroteAny ? streamBroke() : nil }
                text += Array((wroteAny ? ",\n  " : "[\n  ").utf8)
                // JSON escapes newlines inside strings, so every newline here is structure: indent each line.
                for byte in object.prettyBytes {
                    text.append(byte)
                    if byte == FrontOutput.newline { text += [UInt8(ascii: " "), UInt8(ascii: " ")] }
                }
                wroteAny = true
            }
            guard FullProgram.writeAll(text, to: STDOUT_FILENO) else { return 1 }
            guard reply[FrontReply.Match.more]?.bool == true else { break }
            guard let next = conversation.nextFrame(), next[FrontReply.type]?.string == FrontReply.result else {
                return wroteAny ? streamBroke() : nil
            }
            reply = next
        }
        return FullProgram.writeAll(Array((wroteAny ? "\n]\n" : "[\n\n]\n").utf8), to: STDOUT_FILENO) ? 0 : 1
    }

    /// The agent stopped in the middle of a list already partly printed: too late to hand over.
    private func streamBroke() -> Int32 {
        _ = FullProgram.writeAll(
            Array("Error: the agent stopped answering in the middle of the list; run the command again.\n".utf8),
            to: STDERR_FILENO)
        return 1
    }
}
