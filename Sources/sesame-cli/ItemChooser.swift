import Foundation
import SesameAutoFill
import SesameStore
import SesameTerminal
import SesameTerminalText

/// Lets a person at a terminal pick one of the items an ambiguous name matches (`sesame show GitHub` with two
/// GitHub logins): through `fzf` when it is installed, else from a numbered list. Without a person (a pipe on
/// standard input, `--password-stdin`), callers keep the error that lists the candidates.
enum ItemChooser {
    /// `SESAME_CHOOSER=list` picks the numbered list even where fzf is installed.
    static func choose(_ reference: String, among unordered: [ItemSummary], environment: [String: String]) throws -> ItemSummary {
        // By title, then user name: the numbers follow what a person reads.
        let candidates = unordered.sorted {
            ($0.title.lowercased(), $0.username.lowercased(), $0.id.uuidString) < ($1.title.lowercased(), $1.username.lowercased(), $1.id.uuidString)
        }
        if environment["SESAME_CHOOSER"] != "list", let fzf = findFzf(environment: environment) {
            return try chooseWithFzf(fzf, reference: reference, among: candidates, environment: environment)
        }
        return try chooseFromList(reference, among: candidates)
    }

    static func chooseFromList(_ reference: String, among candidates: [ItemSummary]) throws -> ItemSummary {
        var table = Table(columns: [
            Table.Column("", alignment: .right, isTruncatable: false), Table.Column("TITLE"), Table.Column("USERNAME"),
            Table.Column("URL"), Table.Column("ID", isTruncatable: false),
        ])
        for (index, item) in candidates.enumerated() {
            table.append([String(index + 1), item.title, item.username, item.urls.first ?? "",
                          String(item.id.uuidString.lowercased().prefix(8))])
        }
        TerminalQuestion.tell("'\(TerminalText.quoted(reference))' matches \(candidates.count) items:\n"
            + table.render(maxWidth: TerminalQuestion.width))
        for _ in 0..<3 {
            guard let answer = TerminalQuestion.ask("Which one? [1-\(candidates.count), Enter for none] "),
                  !answer.isEmpty
            else { break }
            if let number = Int(answer), candidates.indices.contains(number - 1) { return candidates[number - 1] }
            TerminalQuestion.tell("Type a number from 1 to \(candidates.count).\n")
        }
        throw CLIError("Nothing was chosen.")
    }

    /// fzf reads the lines on standard input and draws on the terminal itself; the line chosen comes back on its
    /// standard output. Lines carry no secret.
    private static func chooseWithFzf(
        _ fzf: String, reference: String, among candidates: [ItemSummary], environment: [String: String]
    ) throws -> ItemSummary {
        let arguments = [
            "fzf", "--delimiter", "\t", "--with-nth", "2..", "--no-multi", "--height", "40%", "--reverse",
            "--prompt", TerminalText.singleLine(TerminalText.quoted(reference)) + "> ",
        ]
        // fzf draws on /dev/tty: it must run in this session (TerminalChild), which Foundation's Process does not.
        guard let process = try? TerminalChild(path: fzf, arguments: arguments, environment: environment, readsOutput: true)
        else { return try chooseFromList(reference, among: candidates) }
        let lines = candidates.enumerated().map { index, item in
            [String(index + 1), item.title, item.username, item.urls.first ?? "", String(item.id.uuidString.lowercased().prefix(8))]
                .map { TerminalText.singleLine($0) }.joined(separator: "\t")
        }
        process.send(Array((lines.joined(separator: "\n") + "\n").utf8))
        let chosen = String(decoding: process.readOutput(), as: UTF8.self)
        let status = process.waitForExit()
        guard status == 0, let number = chosen.split(separator: "\t").first.flatMap({ Int($0) }),
              candidates.indices.contains(number - 1)
        else { throw CLIError("Nothing was chosen.") }
        return candidates[number - 1]
    }

    private static func findFzf(environment: [String: String]) -> String? {
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/fzf" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
