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
        typealias Summary = FrontReply.ItemSummary
        guard let (_, reply) = FrontAgent.open(
                vault: vault, environment: environment, .list,
                AgentJSON.members([FrontRequest.List.state: .string(FrontRequest.ItemState.active.rawValue)])),
            case .array(let summaries) = reply[FrontReply.List.summaries],
            (FrontOutput.strings(reply[FrontReply.List.damaged]) ?? []).isEmpty
        else { return nil }
        let output: [UInt8]
        if json {
            var rows: [AgentJSON] = []
            for summary in summaries {
                // `SummaryJSON`.
                guard let id = FrontOutput.id(summary[Summary.id]), let title = summary[Summary.title]?.string,
                    let username = summary[Summary.username]?.string, let urls = FrontOutput.strings(summary[Summary.urls]),
                    let tags = FrontOutput.strings(summary[Summary.tags]),
                    let created = FrontOutput.dateTime(summary[Summary.created]),
                    let modified = FrontOutput.dateTime(summary[Summary.modified])
                else { return nil }
                rows.append(.object(named: [
                    CommandJSON.Summary.id: .string(id), .title: .string(title), .username: .string(username),
                    .urls: .array(urls.map(AgentJSON.string)), .tags: .array(tags.map(AgentJSON.string)),
                    .created: created, .modified: modified,
                ]))
            }
            output = FrontOutput.json(.array(rows))
        } else if summaries.isEmpty {
            output = FrontOutput.line(CommandOutput.emptyVault)
        } else {
            // `SummaryTable`.
            var table = Table(headers: CommandOutput.summaryColumns)
            for summary in summaries {
                guard let id = FrontOutput.id(summary[Summary.id]), let title = summary[Summary.title]?.string,
                    let username = summary[Summary.username]?.string, let urls = FrontOutput.strings(summary[Summary.urls])
                else { return nil }
                table.append([title, username, urls.first ?? "", String(id.prefix(8))])
            }
            output = FrontOutput.table(table, environment: environment)
        }
        return FullProgram.writeAll(output, to: STDOUT_FILENO) ? 0 : 1
    }
}
