import SesameTerminalText
// MARK: - Parsing

extension CommandSpec {
    /// Parses `arguments` (without the program name) against this spec.
    ///
    /// Accepted forms: `--name value`, `--name=value`, `-n value`, clustered short flags (`-qv`, where only the last
    /// letter may take a value), `--` to end options, and `-` as a plain argument. A value may not look like an
    /// option (`--user --json` is a missing value; write `--user=--json`), except a negative number. `-h` or
    /// `--help` anywhere before `--` requests help, even next to mistakes. For a group command, parsing stops at the
    /// subcommand name; `help <subcommand> …` becomes `<subcommand> … --help`.
    ///
    /// - Parameters:
    ///   - arguments: The command-line words after the command's own name.
    ///   - commandPath: The command as the user typed it, for example `sesame add`; defaults to ``name``.
    /// - Returns: The arguments to run with, or a request for help or the version.
    /// - Throws: A ``UsageError`` carrying this command's usage line.
    public func parse(_ arguments: [String], commandPath: String? = nil) throws(UsageError) -> ParseOutcome {
        let path = commandPath ?? name
        var parser = Parser(spec: self, commandPath: path)
        do {
            return try parser.parse(arguments)
        } catch {
            throw UsageError(error.message, usage: usage(commandPath: path), commandPath: path)
        }
    }

    /// Parses `arguments`, and handles everything that is not "run the command": prints help or the version on
    /// standard output and exits 0, or reports a usage error on standard error and exits 64.
    public func parseOrExit(_ arguments: [String], commandPath: String? = nil) -> ParsedArguments {
        let path = commandPath ?? name
        do {
            switch try parse(arguments, commandPath: path) {
            case .arguments(let parsed):
                return parsed
            case .helpRequested:
                print(helpText(commandPath: path), terminator: "")
                exit(.success)
            case .versionRequested:
                print(version ?? "")
                exit(.success)
            }
        } catch {
            exit(with: error)
        }
    }
}

/// One pass over the words of a command line.
private struct Parser {
    let spec: CommandSpec
    let commandPath: String
    var flags: Set<String> = []
    var optionValues: [String: [String]] = [:]
    var positionals: [String] = []

    init(spec: CommandSpec, commandPath: String) {
        self.spec = spec
        self.commandPath = commandPath
    }

    mutating func parse(_ arguments: [String]) throws(UsageError) -> ParseOutcome {
        if requestsHelp(arguments) { return .helpRequested }
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if !optionsEnded && argument == "--" {
                optionsEnded = true
            } else if optionsEnded || !Self.looksLikeOption(argument) {
                if spec.isGroup {
                    return try dispatch(to: argument, with: Array(arguments[index...]))
                }
                positionals.append(argument)
            } else if argument.hasPrefix("--") {
                if try parseLongOption(argument, from: arguments, at: &index) {
                    return .versionRequested
                }
            } else {
                try parseShortOptions(argument, from: arguments, at: &index)
            }
        }
        // A group without a subcommand shows what it offers, as argument-parser does.
        if spec.isGroup && !spec.runsWithoutSubcommand { return .helpRequested }
        try checkPositionalCount()
        return .arguments(ParsedArguments(
            spec: spec, commandPath: commandPath, positionals: positionals, flags: flags,
            optionValues: optionValues))
    }

    // MARK: Help

    /// Whether `-h`/`--help` appears among this command's own words: before `--`, and for a group before the
    /// subcommand name (after it, the word belongs to the subcommand).
    private func requestsHelp(_ arguments: [String]) -> Bool {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { return false }
            if argument == "--help" { return true }
            guard Self.looksLikeOption(argument) else {
                if spec.isGroup { return false }
                continue
            }
            if argument.hasPrefix("--") {
                // Skip the value of `--name value` so that a group does not mistake it for the subcommand.
                if !argument.contains("="), spec.option(named: String(argument.dropFirst(2)))?.takesValue == true,
                   index < arguments.count, !Self.looksLikeOption(arguments[index]) {
                    index += 1
                }
            } else {
                let letters = argument.dropFirst()
                if letters.contains("h") { return true }
                if let last = letters.last, spec.option(short: last)?.takesValue == true,
                   index < arguments.count, !Self.looksLikeOption(arguments[index]) {
                    index += 1
                }
            }
        }
        return false
    }

    // MARK: Options

    /// Parses `--name`, `--name value` or `--name=value`; returns whether it was `--version`.
    private mutating func parseLongOption(
        _ argument: String, from arguments: [String], at index: inout Int
    ) throws(UsageError) -> Bool {
        let body = argument.dropFirst(2)
        let name: String
        let inlineValue: String?
        if let equals = body.firstIndex(of: "=") {
            name = String(body[..<equals])
            inlineValue = String(body[body.index(after: equals)...])
        } else {
            name = String(body)
            inlineValue = nil
        }
        if name == "version" && spec.version != nil {
            // The value is left out of the message: it may be something the user meant to keep private.
            if inlineValue != nil { throw UsageError("The option '--version' does not take a value") }
            return true
        }
        guard let option = spec.option(named: name) else {
            throw unknownOption("--\(name)")
        }
        if option.takesValue {
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                value = try nextValue(for: option, spelled: "--\(name)", from: arguments, at: &index)
            }
            optionValues[option.name, default: []].append(value)
        } else {
            if inlineValue != nil { throw UsageError("The option '--\(name)' does not take a value") }
            flags.insert(option.name)
        }
        return false
    }

    /// Parses `-x`, `-x value` or a cluster of flags such as `-qv` (the last letter may take the next word).
    private mutating func parseShortOptions(
        _ argument: String, from arguments: [String], at index: inout Int
    ) throws(UsageError) {
        let letters = Array(argument.dropFirst())
        for (position, letter) in letters.enumerated() {
            guard let option = spec.option(short: letter) else {
                throw unknownOption("-\(letter)")
            }
            guard option.takesValue else {
                flags.insert(option.name)
                continue
            }
            guard position == letters.count - 1 else {
                // `-nvalue` and `-nq` are not supported: too easy to misread.
                throw UsageError("Missing value for '\(option.synopsis(for: "-\(letter)"))'")
            }
            let value = try nextValue(for: option, spelled: "-\(letter)", from: arguments, at: &index)
            optionValues[option.name, default: []].append(value)
        }
    }

    private func nextValue(
        for option: OptionSpec, spelled spelling: String, from arguments: [String], at index: inout Int
    ) throws(UsageError) -> String {
        guard index < arguments.count, !Self.looksLikeOption(arguments[index]) else {
            throw UsageError("Missing value for '\(option.synopsis(for: spelling))'")
        }
        defer { index += 1 }
        return arguments[index]
    }

    private func unknownOption(_ spelling: String) -> UsageError {
        var message = "Unknown option '\(TerminalText.quoted(spelling))'"
        if spelling.hasPrefix("--") {
            var names = spec.options.map(\.name) + ["help"]
            if spec.version != nil { names.append("version") }
            if let suggestion = String(spelling.dropFirst(2)).closest(in: names) {
                message += ". Did you mean '--\(suggestion)'?"
            }
        }
        return UsageError(message)
    }

    // MARK: Positionals and subcommands

    private func checkPositionalCount() throws(UsageError) {
        let declared = spec.arguments
        if let missing = declared.dropFirst(positionals.count).first(where: { !$0.isOptional }) {
            let synopsis = missing.isVariadic ? "\(missing.placeholder) ..." : missing.placeholder
            throw UsageError("Missing expected argument '\(synopsis)'")
        }
        guard declared.last?.isVariadic != true, positionals.count > declared.count else { return }
        let extra = positionals[declared.count...]
        if extra.count == 1 {
            throw UsageError("Unexpected argument '\(TerminalText.quoted(extra.first!))'")
        }
        let quoted = extra.map { TerminalText.quoted($0) }
        throw UsageError("\(extra.count) unexpected arguments: '\(quoted.joined(separator: "', '"))'")
    }

    private func dispatch(to word: String, with rest: [String]) throws(UsageError) -> ParseOutcome {
        var name = word
        var subcommandArguments = rest
        if word == "help" {
            // `sesame help add x` shows the help of `sesame add x`, which may itself be a group.
            guard let first = rest.first else { return .helpRequested }
            name = first
            subcommandArguments = Array(rest.dropFirst()) + ["--help"]
        }
        guard spec.subcommands.contains(where: { $0.name == name }) else {
            var message = "Unknown subcommand '\(TerminalText.quoted(name))'"
            if let suggestion = SubcommandSpec.suggestion(for: name, among: spec.subcommands) {
                message += ". Did you mean '\(suggestion)'?"
            }
            throw UsageError(message)
        }
        return .arguments(ParsedArguments(
            spec: spec, commandPath: commandPath, flags: flags, optionValues: optionValues,
            subcommand: name, subcommandArguments: subcommandArguments))
    }

    // MARK: Words

    /// `-x`, `--name`, `--`; not `-` (by convention standard input) and not a negative number.
    static func looksLikeOption(_ word: String) -> Bool {
        word.count > 1 && word.hasPrefix("-") && !isNegativeNumber(word)
    }

    private static func isNegativeNumber(_ word: String) -> Bool {
        let digits = word.dropFirst()
        return word.hasPrefix("-") && digits.first?.isASCII == true && digits.first?.isNumber == true
            && Double(digits) != nil
    }
}
