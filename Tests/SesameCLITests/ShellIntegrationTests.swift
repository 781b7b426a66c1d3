import Foundation
import Testing

/// Issue 26, points 6 and 11: completions for bash, zsh and fish, manual pages, and systemd user units, from the
/// built `sesame` in a private home.
@Suite struct ShellIntegrationTests {
    static func shell(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// Runs a shell with `script`, `sesame` on its PATH.
    static func run(_ shell: String, _ script: String, cli: CLIHarness) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = ["-c", script]
        var environment = cli.environment
        environment["PATH"] = CLIHarness.buildFolder.path + ":" + (environment["PATH"] ?? "")
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: cli.home)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static func unlockedVault(_ cli: CLIHarness) throws {
        try cli.initVault()
        for title in ["GitHub", "Work mail"] {
            #expect(try cli.run(["add", title, "--password-stdin"], input: "master-pw\npw\n").status == 0)
        }
        #expect(try cli.run(["unlock", "--password-stdin"], input: "master-pw\n").status == 0)
    }

    @Test func bashCompletesCommandsOptionsValuesAndTitlesFromTheUnlockedAgent() throws {
        let cli = CLIHarness()
        defer { _ = try? cli.run(["agent", "--stop"]) }
        try Self.unlockedVault(cli)
        let script = try cli.run(["completion", "bash"]).stdout
        try script.write(toFile: cli.home + "/sesame.bash", atomically: true, encoding: .utf8)
        func complete(_ words: [String]) throws -> [String] {
            let array = words.map { "'\($0)'" }.joined(separator: " ")
            let output = try Self.run("/bin/bash", """
                source ./sesame.bash
                COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1)
                _sesame
                printf '%s\\n' "${COMPREPLY[@]}"
                """, cli: cli)
            return output.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["sesame", "sy"]) == ["sync"])
        #expect(try complete(["sesame", "sync", ""]).sorted() == ["auto", "clone", "password", "setup", "status"])
        #expect(try complete(["sesame", "export", "--format", ""]) == ["sesame", "kdbx", "csv", "cxf"])
        #expect(try complete(["sesame", "add", "--ur"]) == ["--url"])
        #expect(try complete(["sesame", "show", ""]) == ["GitHub", "Work\\ mail"], "titles, escaped for the shell")
        #expect(try complete(["sesame", "get", "GitHub", "ur"]) == ["url", "urls"])
        #expect(try complete(["sesame", "sync", "setup", ""]) == ["git", "folder"])
        #expect(try !complete(["sesame", ""]).contains("__complete"), "hidden commands are not offered")
        _ = try cli.run(["lock"])
        #expect(try complete(["sesame", "show", ""]).isEmpty, "a locked vault gives no titles, and asks nothing")
    }

    @Test(.enabled(if: shell("/usr/bin/zsh"), "needs zsh (scripts/packages.txt)"))
    func zshCompletesFromTheSameTree() throws {
        let cli = CLIHarness()
        defer { _ = try? cli.run(["agent", "--stop"]) }
        try Self.unlockedVault(cli)
        try cli.run(["completion", "zsh"]).stdout.write(toFile: cli.home + "/_sesame", atomically: true, encoding: .utf8)
        // compadd and _describe stand in for the completion system: they print what would be offered.
        func complete(_ words: [String]) throws -> [String] {
            let array = words.map { "'\($0)'" }.joined(separator: " ")
            let output = try Self.run("/usr/bin/zsh", """
                compadd() { [[ $1 == -- ]] && shift; print -l -- "$@" }
                _describe() { local name=$4; print -l -- ${${(P)name}%%:*} }
                _files() { print -- FILES }
                source ./_sesame >/dev/null 2>&1
                words=(\(array)); CURRENT=\(words.count)
                _sesame
                """, cli: cli)
            return output.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["sesame", "sync", ""]).sorted() == ["auto", "clone", "password", "setup", "status"])
        #expect(try complete(["sesame", "export", "--format", ""]) == ["sesame", "kdbx", "csv", "cxf"])
        #expect(try complete(["sesame", "show", ""]) == ["GitHub", "Work mail"])
        #expect(try complete(["sesame", "import", ""]) == ["FILES"])
        #expect(try complete(["sesame", "add", "-"]).contains("--username"))
    }

    @Test(.enabled(if: shell("/usr/bin/fish"), "needs fish (scripts/packages.txt)"))
    func fishCompletesFromTheSameTree() throws {
        let cli = CLIHarness()
        defer { _ = try? cli.run(["agent", "--stop"]) }
        try Self.unlockedVault(cli)
        try cli.run(["completion", "fish"]).stdout.write(toFile: cli.home + "/sesame.fish", atomically: true, encoding: .utf8)
        func complete(_ line: String) throws -> [String] {
            let output = try Self.run("/usr/bin/fish", "source ./sesame.fish; complete -C '\(line)'", cli: cli)
            return output.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        }
        #expect(try complete("sesame sync ").sorted() == ["auto", "clone", "password", "setup", "status"])
        #expect(try complete("sesame export --format ").sorted() == ["csv", "cxf", "kdbx", "sesame"])
        #expect(try complete("sesame show ").sorted() == ["GitHub", "Work mail"])
        #expect(try complete("sesame get GitHub ").contains("otp"))
        #expect(try complete("sesame add --use") == ["--username"])
    }

    @Test func manualPagesCoverEveryCommandAndRender() throws {
        let cli = CLIHarness()
        let folder = cli.home + "/man/man1"
        let written = try cli.run(["manual", folder])
        #expect(written.status == 0, "\(written.stderr)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder)
        for page in ["sesame.1", "sesame-add.1", "sesame-get.1", "sesame-copy.1", "sesame-sync-setup.1", "sesame-setup-systemd.1",
                     "sesame-completion.1", "sesame-conflicts-show.1"] {
            #expect(pages.contains(page), "\(page)")
        }
        #expect(!pages.contains { $0.contains("__complete") || $0.contains("manual") }, "hidden commands have no page")
        let main = try String(contentsOfFile: folder + "/sesame.1", encoding: .utf8)
        #expect(main.contains(".SH EXIT STATUS") && main.contains("64: a usage error"))
        // The page says what --help says.
        let help = try cli.run(["add", "--help"]).stdout
        let add = try String(contentsOfFile: folder + "/sesame-add.1", encoding: .utf8)
        #expect(help.contains("-f, --force") && add.contains("\\fB\\-f\\fR, \\fB\\-\\-force\\fR"))
        #expect(add.contains("Add it even when a login with this title and user name exists."))
        guard Self.shell("/usr/bin/man") else { return }
        let rendered = try Self.run("/bin/sh", "MANPATH=\(cli.home)/man MANWIDTH=100 man --warnings sesame-sync-setup 2>&1", cli: cli)
        #expect(rendered.contains("sesame sync setup [<options>] <kind> <location>") || rendered.contains("sesame sync setup"), "\(rendered)")
        #expect(!rendered.contains("warning"), "\(rendered)")
    }
}
