/// Reads parsed words into a command's ``CommandArguments``, or, with nothing parsed, collects what it reads as
/// the command's declarations.
///
/// Each read names the option or argument by its declaration (an ``OptionSpec`` or ``ArgumentSpec`` value), never
/// by a string, and the kind of value it returns follows from the read: ``flag(_:)`` for a flag, ``value(_:)`` for
/// an option with one value, ``values(_:)`` for a repeated one.
public struct ArgumentDecoder {
    /// The words parsed against the spec, or nil while declaring.
    private let parsed: ParsedArguments?
    /// What was read so far, in order: the spec's options when declaring.
    public private(set) var options: [OptionSpec] = []
    /// The positional arguments read so far, in order.
    public private(set) var arguments: [ArgumentSpec] = []

    /// A decoder over words parsed against a spec that was itself declared by the same ``CommandArguments``.
    public init(_ parsed: ParsedArguments) {
        self.parsed = parsed
    }

    private init() {
        parsed = nil
    }

    /// The options and positional arguments `type` reads, in the order it reads them: what its spec declares.
    public static func declarations<Arguments: CommandArguments>(
        of type: Arguments.Type
    ) -> (arguments: [ArgumentSpec], options: [OptionSpec]) {
        var decoder = ArgumentDecoder()
        _ = Arguments(&decoder)
        return (decoder.arguments, decoder.options)
    }

    /// Makes usage errors for this command line (its usage line and `--help` hint), for checks after decoding.
    public var usage: CommandUsage {
        guard let parsed else { return CommandUsage(usage: nil, commandPath: nil) }
        return CommandUsage(usage: parsed.spec.usage(commandPath: parsed.commandPath), commandPath: parsed.commandPath)
    }

    /// Whether the flag was given.
    public mutating func flag(_ option: OptionSpec) -> Bool {
        precondition(option.kind == .flag, "'--\(option.name)' takes a value; read it with value(_:) or values(_:)")
        record(option)
        return parsed?.flags.contains(option.name) ?? false
    }

    /// The option's value, the last one when given several times, or nil.
    public mutating func value(_ option: OptionSpec) -> String? {
        guard case .value = option.kind else {
            preconditionFailure("'--\(option.name)' is not a single-value option; read it with flag(_:) or values(_:)")
        }
        record(option)
        return parsed?.optionValues[option.name]?.last
    }

    /// Every value given to a repeatable option, in order.
    public mutating func values(_ option: OptionSpec) -> [String] {
        guard case .repeatableValue = option.kind else {
            preconditionFailure("'--\(option.name)' is not repeatable; read it with flag(_:) or value(_:)")
        }
        record(option)
        return parsed?.optionValues[option.name] ?? []
    }

    /// The positional argument's value, or nil when an optional one was left out (the first value of a variadic
    /// one; ``arguments(_:)`` gives them all).
    public mutating func argument(_ argument: ArgumentSpec) -> String? {
        arguments(argument).first
    }

    /// Every value of a positional argument: one for a plain argument, any number for a variadic one.
    public mutating func arguments(_ argument: ArgumentSpec) -> [String] {
        let index = arguments.count
        arguments.append(argument)
        guard let parsed else { return [] }
        precondition(parsed.spec.arguments.indices.contains(index) && parsed.spec.arguments[index] == argument,
                     "'\(parsed.commandPath)': argument '\(argument.name)' is read out of its declared order")
        guard index < parsed.positionals.count else { return [] }
        return argument.isVariadic ? Array(parsed.positionals[index...]) : [parsed.positionals[index]]
    }

    /// After decoding, whether the flag was given, or nil when the command does not read it: for options that
    /// many commands share and the code around every command acts on (`--json`, `--password-stdin`).
    public func decodedFlag(_ option: OptionSpec) -> Bool? {
        guard options.contains(option) else { return nil }
        return parsed?.flags.contains(option.name) ?? false
    }

    /// After decoding, the option's value (nil when not given), or nil when the command does not read it.
    public func decodedValue(_ option: OptionSpec) -> String?? {
        guard options.contains(option) else { return nil }
        return .some(parsed?.optionValues[option.name]?.last)
    }

    // Reading one option in a way declaring did not (conditionally, or twice) would let help and behaviour differ.
    private mutating func record(_ option: OptionSpec) {
        let index = options.count
        options.append(option)
        guard let parsed else { return }
        precondition(parsed.spec.options.indices.contains(index) && parsed.spec.options[index] == option,
                     "'\(parsed.commandPath)': option '--\(option.name)' is read out of its declared order")
    }
}
