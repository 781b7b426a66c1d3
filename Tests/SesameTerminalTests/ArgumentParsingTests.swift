// The parser's own lookups by name are internal (programs read typed `CommandArguments`).
@testable import SesameTerminal
import Testing

/// Parses `arguments` and returns the parsed arguments, recording an issue for any other outcome.
private func parsed(
    _ arguments: [String], spec: CommandSpec = SampleSpecs.add, sourceLocation: SourceLocation = #_sourceLocation
) throws -> ParsedArguments {
    let outcome = try spec.parse(arguments)
    guard case .arguments(let parsed) = outcome else {
        Issue.record("Expected arguments, got \(outcome)", sourceLocation: sourceLocation)
        throw UsageError("unexpected outcome")
    }
    return parsed
}

/// The message of the usage error that parsing `arguments` throws, or `nil` if it does not throw.
private func usageErrorMessage(_ arguments: [String], spec: CommandSpec) -> String? {
    do {
        _ = try spec.parse(arguments)
        return nil
    } catch {
        return error.message
    }
}

@Suite struct ArgumentParsingTests {
    // MARK: - Accepted forms

    @Test("A value option takes the next word, '=value', or the word after its short name", arguments: [
        ["github", "--user", "alice"],
        ["github", "--user=alice"],
        ["github", "-u", "alice"],
        ["--user", "alice", "github"],
        ["-u", "alice", "github"],
    ])
    func valueOptionForms(_ arguments: [String]) throws {
        let result = try parsed(arguments)
        #expect(result.value("user") == "alice")
        #expect(result.argument("title") == "github")
        #expect(result.positionals == ["github"])
    }

    @Test func flagsAreFalseUnlessGiven() throws {
        let result = try parsed(["github", "--json"])
        #expect(result.flag("json"))
        #expect(!result.flag("quiet"))
        #expect(!result.flag("generate"))
        #expect(result.value("user") == nil)
        #expect(result.values("tag").isEmpty)
    }

    @Test func shortFlagsCanBeClustered() throws {
        let result = try parsed(["-gq", "github"])
        #expect(result.flag("generate"))
        #expect(result.flag("quiet"))
    }

    @Test func theLastLetterOfAClusterMayTakeTheNextWord() throws {
        let result = try parsed(["-qu", "alice", "github"])
        #expect(result.flag("quiet"))
        #expect(result.value("user") == "alice")
        #expect(result.positionals == ["github"])
    }

    @Test func repeatableOptionsCollectEveryValueInOrder() throws {
        let result = try parsed(["--tag", "work", "github", "-t", "code", "--tag=personal"])
        #expect(result.values("tag") == ["work", "code", "personal"])
        #expect(result.value("tag") == "personal")
    }

    @Test func aValueOptionGivenTwiceKeepsTheLastValue() throws {
        let result = try parsed(["--user", "alice", "--user=bob", "github"])
        #expect(result.value("user") == "bob")
        #expect(result.values("user") == ["alice", "bob"])
    }

    @Test func anEqualsSignValueMayBeEmptyOrContainEqualsSigns() throws {
        #expect(try parsed(["--user=", "github"]).value("user") == "")
        #expect(try parsed(["--user=a=b", "github"]).value("user") == "a=b")
        #expect(try parsed(["--user=--json", "github"]).value("user") == "--json")
    }

    @Test func optionsAndPositionalsMayInterleave() throws {
        let result = try parsed(["github", "github.com", "--json", "gist.github.com"])
        #expect(result.positionals == ["github", "github.com", "gist.github.com"])
        #expect(result.argument("title") == "github")
        #expect(result.arguments("sites") == ["github.com", "gist.github.com"])
        #expect(result.flag("json"))
    }

    @Test func doubleDashEndsOptions() throws {
        let result = try parsed(["--json", "--", "--not-an-option", "-h", "--help"])
        #expect(result.flag("json"))
        #expect(result.argument("title") == "--not-an-option")
        #expect(result.arguments("sites") == ["-h", "--help"])
    }

    @Test func aSingleDashIsAnArgument() throws {
        #expect(try parsed(["-"]).argument("title") == "-")
        #expect(try parsed(["--user", "-", "x"]).value("user") == "-")
    }

    @Test func negativeNumbersAreValuesAndArguments() throws {
        #expect(try parsed(["--length", "-5", "x"]).value("length") == "-5")
        #expect(try parsed(["-1.5"]).argument("title") == "-1.5")
    }

    @Test func optionalArgumentsMayBeLeftOut() throws {
        let result = try parsed(["github"])
        #expect(result.argument("sites") == nil)
        #expect(result.arguments("sites").isEmpty)
    }

    @Test func aVariadicArgumentTakesEveryRemainingWord() throws {
        let result = try parsed(["a", "b", "c"], spec: SampleSpecs.remove)
        #expect(result.arguments("items") == ["a", "b", "c"])
        #expect(result.argument("items") == "a")
    }

    // MARK: - Help and version

    @Test("-h or --help anywhere before '--' asks for help, even beside mistakes", arguments: [
        ["--help"], ["-h"], ["github", "--help"], ["--foo", "-h"], ["-qh"], ["--user", "-h"],
    ])
    func helpIsRequested(_ arguments: [String]) throws {
        #expect(try SampleSpecs.add.parse(arguments) == .helpRequested)
    }

    @Test func helpAfterDoubleDashIsAnArgument() throws {
        #expect(try parsed(["--", "--help"]).argument("title") == "--help")
    }

    @Test func versionIsAnOutcomeForCommandsWithAVersion() throws {
        #expect(try SampleSpecs.sesame.parse(["--version"]) == .versionRequested)
        #expect(usageErrorMessage(["x", "--version"], spec: SampleSpecs.add) == "Unknown option '--version'")
    }

    // MARK: - Errors

    @Test("Usage errors have argument-parser's messages", arguments: [
        (["x", "--foo"], "Unknown option '--foo'"),
        (["x", "-z"], "Unknown option '-z'"),
        (["x", "-qz"], "Unknown option '-z'"),
        (["x", "--jsn"], "Unknown option '--jsn'. Did you mean '--json'?"),
        (["x", "--pasword-stdin"], "Unknown option '--pasword-stdin'. Did you mean '--password-stdin'?"),
        (["x", "--user"], "Missing value for '--user <name>'"),
        (["x", "-u"], "Missing value for '-u <name>'"),
        (["x", "--user", "--json"], "Missing value for '--user <name>'"),
        (["x", "--user", "--"], "Missing value for '--user <name>'"),
        (["x", "-uq", "bob"], "Missing value for '-u <name>'"),
        (["x", "--tag"], "Missing value for '--tag <tag>'"),
        (["x", "--json=yes"], "The option '--json' does not take a value"),
        ([], "Missing expected argument '<title>'"),
        (["--json"], "Missing expected argument '<title>'"),
    ])
    func usageErrors(_ arguments: [String], message: String) {
        #expect(usageErrorMessage(arguments, spec: SampleSpecs.add) == message)
    }

    @Test func valuesGivenWithEqualsAreNeverQuotedInErrors() {
        // Someone typing `--password=…` must not see the password repeated on screen or in a log.
        let message = usageErrorMessage(["x", "--password=hunter2"], spec: SampleSpecs.add)
        #expect(message == "Unknown option '--password'")
        let flagMessage = usageErrorMessage(["x", "--password-stdin=hunter2"], spec: SampleSpecs.add)
        #expect(flagMessage == "The option '--password-stdin' does not take a value")
    }

    @Test("Positional count errors", arguments: [
        (SampleSpecs.rename, ["a"], "Missing expected argument '<new>'"),
        (SampleSpecs.rename, ["a", "b", "c"], "Unexpected argument 'c'"),
        (SampleSpecs.rename, ["a", "b", "c", "d"], "2 unexpected arguments: 'c', 'd'"),
        (SampleSpecs.remove, [], "Missing expected argument '<items> ...'"),
        (SampleSpecs.remove, ["-f"], "Missing expected argument '<items> ...'"),
    ])
    func positionalCountErrors(_ spec: CommandSpec, _ arguments: [String], message: String) {
        #expect(usageErrorMessage(arguments, spec: spec) == message)
    }

    @Test func errorsCarryTheUsageLineAndCommandPath() {
        #expect(throws: UsageError(
            "Unknown option '--foo'",
            usage: "sesame rename <old> <new>",
            commandPath: "sesame rename")
        ) {
            try SampleSpecs.rename.parse(["--foo"], commandPath: "sesame rename")
        }
    }

    // MARK: - Typed values

    @Test func integersAreParsedAndChecked() throws {
        #expect(try parsed(["x", "--length", "24"]).integer("length") == 24)
        #expect(try parsed(["x"]).integer("length") == nil)
        #expect(try parsed(["x", "-l", "-3"]).integer("length") == -3)
        #expect(try parsed(["x", "--length=24"]).integer("length", in: 8...128) == 24)
    }

    @Test func badIntegersAreUsageErrorsNamingTheOption() throws {
        let notNumber = try parsed(["x", "--length", "ten"], spec: SampleSpecs.add)
        #expect(throws: notNumber.usageError("The value 'ten' is invalid for '--length <length>'")) {
            try notNumber.integer("length")
        }
        let outOfRange = try parsed(["x", "--length", "200"])
        #expect(throws: outOfRange.usageError(
            "The value '200' is invalid for '--length <length>': expected a number from 8 to 128")
        ) {
            try outOfRange.integer("length", in: 8...128)
        }
    }

    @Test func valuesConvertWithAnyFunction() throws {
        enum Format: String { case table, json }
        let result = try parsed(["x", "--user", "json"])
        #expect(try result.value("user", as: Format.init(rawValue:)) == .json)
        let bad = try parsed(["x", "--user", "xml"])
        #expect(throws: UsageError.self) { try bad.value("user", as: Format.init(rawValue:)) }
    }

    @Test func usageErrorsForValidationCarryTheCommandsUsage() throws {
        let result = try SampleSpecs.rename.parse(["a", "b"], commandPath: "sesame rename")
        guard case .arguments(let arguments) = result else { Issue.record("not parsed"); return }
        let error = arguments.usageError("The new title is the old one")
        #expect(error.usage == "sesame rename <old> <new>")
        #expect(error.commandPath == "sesame rename")
    }

    // MARK: - Groups

    @Test func aGroupStopsAtTheSubcommandAndKeepsItsOwnOptions() throws {
        let result = try parsed(["--vault", "/tmp/v.sesame", "add", "github", "--json", "-u", "x"],
                                spec: SampleSpecs.sesame)
        #expect(result.value("vault") == "/tmp/v.sesame")
        #expect(result.subcommand == "add")
        #expect(result.subcommandArguments == ["github", "--json", "-u", "x"])
        #expect(result.subcommandPath == "sesame add")
        #expect(result.positionals.isEmpty)
    }

    @Test func helpAfterTheSubcommandBelongsToTheSubcommand() throws {
        let group = try parsed(["add", "--help"], spec: SampleSpecs.sesame)
        #expect(group.subcommand == "add")
        let sub = try SampleSpecs.add.parse(group.subcommandArguments, commandPath: group.subcommandPath)
        #expect(sub == .helpRequested)
    }

    @Test("A group shows its help without a subcommand, or with -h before it", arguments: [
        [], ["help"], ["--help"], ["-h", "add"], ["--vault", "x", "--help"], ["--vault", "x"],
    ])
    func groupHelp(_ arguments: [String]) throws {
        #expect(try SampleSpecs.sesame.parse(arguments) == .helpRequested)
    }

    @Test func helpSubcommandBecomesTheSubcommandsHelp() throws {
        let result = try parsed(["help", "add"], spec: SampleSpecs.sesame)
        #expect(result.subcommand == "add")
        #expect(result.subcommandArguments == ["--help"])
    }

    @Test func helpSubcommandReachesNestedGroups() throws {
        let top = try parsed(["help", "setup", "git"], spec: SampleSpecs.sesame)
        #expect(top.subcommand == "setup")
        let setup = try parsed(top.subcommandArguments, spec: SampleSpecs.setup)
        #expect(setup.subcommand == "git")
        #expect(setup.subcommandArguments == ["--help"])
    }

    @Test("Unknown subcommands are usage errors, with a suggestion when close", arguments: [
        (["frobnicate"], "Unknown subcommand 'frobnicate'"),
        (["lst"], "Unknown subcommand 'lst'. Did you mean 'list'?"),
        (["help", "nope"], "Unknown subcommand 'nope'"),
        (["--vault"], "Missing value for '--vault <path>'"),
    ])
    func groupErrors(_ arguments: [String], message: String) {
        #expect(usageErrorMessage(arguments, spec: SampleSpecs.sesame) == message)
    }
}
