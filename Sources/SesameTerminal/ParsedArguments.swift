import SesameTerminalText
/// The result of parsing a command line against a ``CommandSpec``.
///
/// Programs read it through their ``CommandArguments`` value (``ArgumentDecoder``), by each option's declaration.
/// The lookups by name below (`flag("json")`, `value("vault")`, …) are internal: they serve this module's parser
/// tests, so no program can look an option up by a string. Asking for a name the spec does not declare is a
/// programming error and stops the process, so a typo cannot silently read as "absent".
public struct ParsedArguments: Sendable, Equatable {
    /// The spec these arguments were parsed against.
    public let spec: CommandSpec
    /// The command as typed, for example `sesame add`; used in error messages.
    public let commandPath: String
    /// All positional arguments in order (for a group: none; see ``subcommand``).
    public let positionals: [String]
    /// For a group command, the chosen subcommand's name.
    public let subcommand: String?
    /// For a group command, the arguments after the subcommand name, to parse with the subcommand's spec.
    public let subcommandArguments: [String]

    let flags: Set<String>
    let optionValues: [String: [String]]

    init(
        spec: CommandSpec,
        commandPath: String,
        positionals: [String] = [],
        flags: Set<String> = [],
        optionValues: [String: [String]] = [:],
        subcommand: String? = nil,
        subcommandArguments: [String] = []
    ) {
        self.spec = spec
        self.commandPath = commandPath
        self.positionals = positionals
        self.flags = flags
        self.optionValues = optionValues
        self.subcommand = subcommand
        self.subcommandArguments = subcommandArguments
    }

    // MARK: - Options

    /// Whether the flag `--name` was given.
    func flag(_ name: String) -> Bool {
        let option = declaredOption(name)
        precondition(option.kind == .flag, "'--\(name)' takes a value; use value(_:) or values(_:)")
        return flags.contains(name)
    }

    /// The value of `--name`, the last one if it was given several times, or `nil` if absent.
    func value(_ name: String) -> String? {
        values(name).last
    }

    /// Every value given to `--name`, in order.
    func values(_ name: String) -> [String] {
        let option = declaredOption(name)
        precondition(option.takesValue, "'--\(name)' is a flag; use flag(_:)")
        return optionValues[name] ?? []
    }

    /// The value of `--name` converted by `transform`, or `nil` if absent.
    ///
    /// - Throws: A ``UsageError`` such as `The value 'x' is invalid for '--format <format>'` when `transform`
    ///   returns `nil`.
    func value<T>(_ name: String, as transform: (String) -> T?) throws(UsageError) -> T? {
        guard let text = value(name) else { return nil }
        guard let converted = transform(text) else {
            throw usageError("The value '\(TerminalText.quoted(text))' is invalid for '\(declaredOption(name).longSynopsis)'")
        }
        return converted
    }

    /// The value of `--name` as a decimal integer, or `nil` if absent.
    ///
    /// - Throws: A ``UsageError`` such as `The value 'ten' is invalid for '--length <length>'`.
    func integer(_ name: String) throws(UsageError) -> Int? {
        try value(name) { Int($0) }
    }

    /// The value of `--name` as a decimal integer within `range`, or `nil` if absent.
    ///
    /// - Throws: A ``UsageError`` when the value is not a number or lies outside `range`.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let number = try integer(name) else { return nil }
        guard range.contains(number) else {
            throw usageError(
                "The value '\(number)' is invalid for '\(declaredOption(name).longSynopsis)': "
                    + "expected a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    // MARK: - Positional arguments

    /// The value of the positional argument `name`, or `nil` if an optional argument was left out.
    ///
    /// For a variadic argument this is its first value; use ``arguments(_:)`` for all of them.
    func argument(_ name: String) -> String? {
        arguments(name).first
    }

    /// All values of the positional argument `name`: one for a plain argument, any number for a variadic one.
    func arguments(_ name: String) -> [String] {
        guard let index = spec.arguments.firstIndex(where: { $0.name == name }) else {
            preconditionFailure("'\(commandPath)' declares no argument '\(name)'")
        }
        guard index < positionals.count else { return [] }
        return spec.arguments[index].isVariadic ? Array(positionals[index...]) : [positionals[index]]
    }

    // MARK: - Subcommands and errors

    /// The options given before the subcommand's name, spelled again (`--name`, `--name=value`), so a group can
    /// hand them on: `sesame sync --vault V status` means `sesame sync status --vault V`.
    public var optionWords: [String] {
        spec.options.flatMap { option -> [String] in
            option.takesValue ? (optionValues[option.name] ?? []).map { "--\(option.name)=\($0)" }
                : (flags.contains(option.name) ? ["--\(option.name)"] : [])
        }
    }

    /// The path of the chosen subcommand, for example `sesame add`, to parse its arguments with.
    public var subcommandPath: String? {
        subcommand.map { "\(commandPath) \($0)" }
    }

    /// A usage error for this command, with its usage line (programs make theirs with ``CommandUsage/error(_:)``).
    func usageError(_ message: String) -> UsageError {
        UsageError(message, usage: spec.usage(commandPath: commandPath), commandPath: commandPath)
    }

    private func declaredOption(_ name: String) -> OptionSpec {
        guard let option = spec.option(named: name) else {
            preconditionFailure("'\(commandPath)' declares no option '--\(name)'")
        }
        return option
    }
}
