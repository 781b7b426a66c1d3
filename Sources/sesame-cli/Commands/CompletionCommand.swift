import Foundation
import SesameAgent
import SesameTerminal
import SesameTerminalText

/// `sesame completion bash|zsh|fish`: the shell's completion script, generated from the command tree.
enum CompletionCommand: Command {
    static let spec = CommandSpec(
        name: "completion",
        abstract: "Print the completion script for bash, zsh or fish.",
        discussion: "Commands, options, fixed values, files, and the titles of items while the agent holds the vault unlocked (never a prompt). scripts/setup.sh installs them; by hand: 'sesame completion bash > ~/.local/share/bash-completion/completions/sesame', 'sesame completion zsh > ~/.zfunc/_sesame' (with ~/.zfunc in fpath), 'sesame completion fish > ~/.config/fish/completions/sesame.fish'.",
        declaring: Arguments.self)

    struct Arguments: CommandArguments {
        let shell: String
        let usage: CommandUsage

        init(_ decoder: inout ArgumentDecoder) {
            shell = decoder.argument(ArgumentSpec("shell", help: "bash, zsh or fish.", completion: .values(ShellCompletion.Shell.allCases.map(\.rawValue)))) ?? ""
            usage = decoder.usage
        }
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        let name = arguments.shell
        guard let shell = ShellCompletion.Shell(rawValue: name) else {
            throw arguments.usage.error("Unknown shell '\(TerminalText.quoted(name))' (bash, zsh or fish)")
        }
        Swift.print(ShellCompletion.script(for: shell, tree: SesameCLI.tree), terminator: "")
    }
}

/// `sesame __complete items`: what completion scripts call for item titles. Asks the agent only if it holds the
/// vault unlocked, never for a password; prints nothing otherwise. Hidden: scripts call it, not people.
enum CompleteCommand: Command {
    static let spec = CommandSpec(
        name: "__complete",
        abstract: "Print item titles for shell completion (only while the agent holds the vault unlocked).",
        declaring: Arguments.self,
        isHidden: true)

    struct Arguments: CommandArguments {
        let what: String?

        init(_ decoder: inout ArgumentDecoder) {
            what = decoder.argument(ArgumentSpec("what", help: "items.", completion: .values(["items"])))
            decoder.shared(CommonOptions.vault)
        }
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        guard arguments.what == "items", context.agentAllowed else { return }
        // attachUnlocked, not unlockedAgent: a completion must never print a warning in the middle of a line.
        guard let agent = try? AgentClient.attachUnlocked(
            vault: context.canonicalVaultPath, at: context.agentLocation, clientName: "sesame \(SesameCLI.version)")
        else { return }
        var titles = Set<String>()
        for item in (try? agent.list(.active).items) ?? [] where !item.title.contains("\n") { titles.insert(item.title) }
        // Titles as they are: the shell escapes them where it inserts them; one a line.
        Swift.print(titles.sorted().joined(separator: "\n"), terminator: titles.isEmpty ? "" : "\n")
    }
}

/// `sesame manual FOLDER`: writes the manual pages (sesame.1, sesame-add.1, …) made from the command tree.
/// Hidden from help: packagers and scripts/setup.sh run it.
enum ManualCommand: Command {
    static let spec = CommandSpec(
        name: "manual",
        abstract: "Write the manual pages (sesame.1 and one per command) into a folder.",
        declaring: Arguments.self,
        isHidden: true)

    struct Arguments: CommandArguments {
        let folder: String?

        init(_ decoder: inout ArgumentDecoder) {
            folder = decoder.argument(ArgumentSpec("folder", help: "Where to write them, such as /usr/local/share/man/man1."))
            decoder.shared(CommonOptions.json)
        }
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        let folder = arguments.folder ?? "."
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let pages = ManualPage.pages(SesameCLI.tree, version: "sesame \(SesameCLI.version)", extraSections: SesameCLI.manualSections)
        for page in pages {
            let path = folder + "/" + page.file
            guard FileManager.default.createFile(atPath: path, contents: Data(page.text.utf8), attributes: [.posixPermissions: 0o644]) else {
                throw CLIError("Cannot write \(path).")
            }
        }
        if context.wantsJSON {
            try context.printJSON(["folder": folder, "pages": String(pages.count)])
        } else {
            print("Wrote \(pages.count) manual pages into \(folder).")
        }
    }
}
