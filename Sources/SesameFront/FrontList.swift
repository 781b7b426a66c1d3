import Glibc
import SesameAgentLink
import SesameCommandContract
import SesameTerminalText

/// `sesame list [--json] [--vault PATH] [--password-stdin]` served by the front: the same `list` request, the same
/// JSON or table. A vault with damaged items (the full command warns and exits 1), a table for a terminal (the full
/// command pages it), a query, tags, a sort order, any option or argument it does not know, and every error are the
/// full CLI's.
struct FrontList {
    var json: Bool
    var vault: String?
    let environment: [String: String]

    init?(_ words: [String], environment: [String: String]) {
        guard words.first == FrontServedCommand.list.rawValue,
            let arguments = FrontArguments(words.dropFirst(), options: FrontArguments.common, positionals: 0...0)
        else { return nil }
        json = arguments.has(.json)
        vault = arguments.value(.vault)
        self.environment = environment
    }

    func run() -> Int32? {
        guard json || isatty(STDOUT_FILENO) != 1 else { return nil }
        guard let (_, reply) = FrontAgent.open(
                vault: vault, environment: environment, FrontRequest.Operation.list, [FrontRequest.Field.state: .string("active")]),
            case .array(let summaries) = reply["summaries"], (FrontOutput.strings(reply["damaged"]) ?? []).isEmpty
        else { return nil }
        let output: [UInt8]
        if json {
            var rows: [AgentJSON] = []
            for summary in summaries {
                // `SummaryJSON`.
                guard let id = FrontOutput.id(summary["id"]), let title = summary["title"]?.string,
                    let username = summary["username"]?.string, let urls = FrontOutput.strings(summary["urls"]),
                    let tags = FrontOutput.strings(summary["tags"]), let created = FrontOutput.dateTime(summary["created"]),
                    let modified = FrontOutput.dateTime(summary["modified"])
                else { return nil }
                rows.append(.object([
                    "id": .string(id), "title": .string(title), "username": .string(username),
                    "urls": .array(urls.map(AgentJSON.string)), "tags": .array(tags.map(AgentJSON.string)),
                    "created": created, "modified": modified,
                ]))
            }
            output = FrontOutput.json(.array(rows))
        } else if summaries.isEmpty {
            output = FrontOutput.line(CommandOutput.emptyVault)
        } else {
            // `SummaryTable`.
            var table = Table(headers: CommandOutput.summaryColumns)
            for summary in summaries {
                guard let id = FrontOutput.id(summary["id"]), let title = summary["title"]?.string,
                    let username = summary["username"]?.string, let urls = FrontOutput.strings(summary["urls"])
                else { return nil }
                table.append([title, username, urls.first ?? "", String(id.prefix(8))])
            }
            output = FrontOutput.table(table, environment: environment)
        }
        return FullProgram.writeAll(output, to: STDOUT_FILENO) ? 0 : 1
    }
}
