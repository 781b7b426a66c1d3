@testable import SesameTerminal
import Testing

/// Issue 26: suggestions by transposition-aware edit distance and by other managers' words, hidden commands, and
/// the completion scripts and manual pages generated from a command tree.
@Suite struct SuggestionAndGeneratorTests {
    static let group = CommandSpec(
        name: "sesame", abstract: "A vault.",
        subcommands: [
            SubcommandSpec("init", abstract: "Create a vault."),
            SubcommandSpec("add", abstract: "Add a login.", familiarNames: ["insert", "new"]),
            SubcommandSpec("list", abstract: "List.", familiarNames: ["ls", "find"]),
            SubcommandSpec("rm", abstract: "Remove.", familiarNames: ["delete", "remove"]),
            SubcommandSpec("__complete", abstract: "For shells.", isHidden: true),
        ])

    static func message(_ word: String) -> String? {
        do {
            _ = try group.parse([word], commandPath: "sesame")
            return nil
        } catch {
            return error.message
        }
    }

    @Test("A near miss, a transposition, and the words other managers use", arguments: [
        ("lsit", "list"), ("lits", "list"), ("insert", "add"), ("ls", "list"), ("DELETE", "rm"), ("remove", "rm"),
        ("find", "list"), ("innit", "init"),
    ])
    func suggests(_ word: String, _ suggestion: String) {
        #expect(Self.message(word)?.hasSuffix("Did you mean '\(suggestion)'?") == true, "\(String(describing: Self.message(word)))")
    }

    @Test func hiddenCommandsAreNeitherSuggestedNorListed() {
        #expect(Self.message("__complet") == "Unknown subcommand '__complet'")
        #expect(!Self.group.helpText().contains("__complete"))
        // Yet they run when named.
        #expect(throws: Never.self) { try Self.group.parse(["__complete"], commandPath: "sesame") }
    }

    @Test func aTranspositionCostsOneEdit() {
        #expect("lsit".editDistance(to: "list") == 1)
        #expect("lsit".editDistance(to: "init") == 2)
        #expect("abc".editDistance(to: "abc") == 0 && "".editDistance(to: "ab") == 2)
    }

    @Test func optionsBeforeASubcommandAreSpelledAgainForIt() throws {
        let spec = CommandSpec(
            name: "sync", abstract: "Sync.",
            options: [.value("vault", valueName: "path", help: "V."), .flag("json", help: "J.")],
            subcommands: [SubcommandSpec("status", abstract: "S.")], runsWithoutSubcommand: true)
        guard case .arguments(let parsed) = try spec.parse(["--vault", "/v x", "--json", "status"], commandPath: "sesame sync") else {
            Issue.record("not parsed")
            return
        }
        #expect(parsed.optionWords == ["--vault=/v x", "--json"])
        #expect(parsed.subcommand == "status")
    }

    static let tree = CommandTree(
        spec: CommandSpec(name: "sesame", abstract: "A vault.", version: "1",
                          subcommands: [SubcommandSpec("show", abstract: "Show it."), SubcommandSpec("__complete", abstract: "x", isHidden: true)]),
        children: [
            CommandTree(spec: CommandSpec(
                name: "show", abstract: "Show it.", discussion: ".A line that starts with a dot, and a back\\slash.",
                arguments: [ArgumentSpec("item", help: "The item.")],
                options: [.value("format", valueName: "format", help: "How.", completion: .values(["a", "b"])),
                          .value("vault", valueName: "path", help: "The vault.")])),
            CommandTree(spec: CommandSpec(name: "__complete", abstract: "x", isHidden: true)),
        ])

    @Test func scriptsKnowTheTreeButNotItsHiddenCommands() {
        for shell in ShellCompletion.Shell.allCases {
            let script = ShellCompletion.script(for: shell, tree: Self.tree)
            #expect(script.contains("show") && script.contains("--format") && !script.contains("'__complete'"), "\(shell)")
            #expect(script.contains("__complete items"), "\(shell): titles come from the hidden command")
        }
        let bash = ShellCompletion.script(for: .bash, tree: Self.tree)
        #expect(bash.contains("'sesame show --format') echo 'values:a b'"))
        #expect(bash.contains("'sesame show --vault') echo 'file'"))
        #expect(bash.contains("args='item'"))
    }

    @Test func manualPagesAreOnePerVisibleCommandAndEscaped() {
        let pages = ManualPage.pages(Self.tree, version: "sesame 1", extraSections: [ManualPage.Section("Exit status", ["- 0: fine."])])
        #expect(pages.map(\.file) == ["sesame.1", "sesame-show.1"])
        let show = pages[1].text
        #expect(show.contains(".TH SESAME-SHOW 1 \"\" \"sesame 1\" \"Sesame Manual\""))
        #expect(show.contains("\\&.A line that starts with a dot, and a back\\eslash."), "\(show)")
        #expect(show.contains("\\fB\\-\\-format\\fR \\fIformat\\fR"))
        #expect(pages[0].text.contains(".SH EXIT STATUS\n.IP \\(bu 2\n0: fine."))
        #expect(!show.contains("EXIT STATUS"), "extra sections go on the program's page only")
    }

    @Test func thePagerFollowsTheEnvironment() {
        #expect(Pager.command(environment: ["PAGER": "cat"]) == nil)
        #expect(Pager.command(environment: ["PAGER": ""]) == nil)
        #expect(Pager.command(environment: ["SESAME_PAGER": "more", "PAGER": "less"]) == "more")
        #expect(Pager.command(environment: ["PATH": "/nonexistent"]) == nil)
    }
}
