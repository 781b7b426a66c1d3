import Foundation
import Glibc

/// Shows long output for people a page at a time, as git does: through `$PAGER` (else `less`, with `LESS=FRX`
/// when unset, so one screenful or less is simply printed), only when standard output is a terminal and the text
/// is taller than it. Pipes, files and short text are printed as they are.
public enum Pager {
    /// Prints `text` (already escaped and styled for the terminal), paged when it is taller than the terminal.
    public static func print(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let height = Terminal.standardOutputHeight, text.utf8.lazy.filter({ $0 == 0x0A }).count >= height,
              let command = command(environment: environment)
        else {
            Swift.print(text, terminator: "")
            return
        }
        fflush(nil)
        var pagerEnvironment = environment
        if pagerEnvironment["LESS"] == nil { pagerEnvironment["LESS"] = "FRX" }
        // On the terminal beside sesame (not Foundation's Process, whose child cannot read keys from /dev/tty).
        guard let pager = try? TerminalChild(path: "/bin/sh", arguments: ["sh", "-c", command],
                                              environment: pagerEnvironment, readsOutput: false)
        else {
            Swift.print(text, terminator: "")
            return
        }
        pager.send(Array(text.utf8))
        _ = pager.waitForExit()
    }

    /// `$SESAME_PAGER`, else `$PAGER`, else `less` when installed; nil when paging is off (`cat` or empty).
    static func command(environment: [String: String]) -> String? {
        if let chosen = environment["SESAME_PAGER"] ?? environment["PAGER"] {
            let trimmed = chosen.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty || trimmed == "cat" ? nil : trimmed
        }
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return folders.contains { FileManager.default.isExecutableFile(atPath: "\($0)/less") } ? "less" : nil
    }
}
