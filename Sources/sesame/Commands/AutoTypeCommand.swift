import Foundation
import Glibc
import SesameTerminal

/// `sesame autotype [ITEM] [--delay MS] [--wait MS]`: runs `sesame-autotype`, installed beside `sesame`. Auto-Type
/// lives in that separate, dynamically linked executable because libXtst has no static archive.
enum AutoTypeCommand: Command {
    static let spec = CommandSpec(
        name: "autotype",
        abstract: "Type a login into the focused X11 window.",
        discussion: "Types {USERNAME}{TAB}{PASSWORD}{ENTER}, or the item's own sequence (a field named Auto-Type, in KeePass's syntax), into the window that has the focus. Without ITEM, the login is the one whose site's host the window's title contains; with several candidates nothing is typed. Stops when the focus moves. The vault must be unlocked in the agent. Bind it to a hotkey in the desktop's settings.",
        arguments: [ArgumentSpec("item", help: "The login to type (id, id prefix, title or title prefix).", isOptional: true)],
        options: [
            .value("delay", valueName: "ms", help: "Milliseconds between keys (default 25)."),
            .value("wait", valueName: "ms", help: "Milliseconds to wait first, for the hotkey's keys to come up (default 500)."),
            CommonOptions.vault,
        ])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        guard let resolved = realpath("/proc/self/exe", nil) else {
            throw CLIError("Cannot find this program's own path in /proc/self/exe.")
        }
        let executable = (String(cString: resolved) as NSString).deletingLastPathComponent + "/sesame-autotype"
        free(resolved)
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw CLIError("sesame-autotype is not installed beside sesame (\(executable)).")
        }
        var argv = [executable]
        for name in ["delay", "wait", "vault"] {
            if let value = arguments.value(name) { argv += ["--\(name)", value] }
        }
        if let item = arguments.argument("item") { argv.append(item) }
        let cArguments = argv.map { strdup($0) } + [nil]
        execv(executable, cArguments)
        throw CLIError("Cannot start \(executable): \(String(cString: strerror(errno))).")
    }
}
