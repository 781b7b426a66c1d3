/// A named option of a command: a flag such as `--json`, or an option that takes a value such as `--vault <path>`.
///
/// Long names are kebab-case and written without the leading dashes; the short name is a single letter.
/// Help is one sentence in sentence case, ending with a period, as in swift-argument-parser.
///
/// ```swift
/// let options: [OptionSpec] = [
///     .flag("json", help: "Print the result as JSON."),
///     .value("vault", valueName: "path", help: "The vault to open."),
///     .repeatable("tag", short: "t", help: "A tag to add; repeat for several."),
/// ]
/// ```
public struct OptionSpec: Sendable, Equatable {
    /// What an option takes from the command line.
    public enum Kind: Sendable, Equatable {
        /// Present or absent: `--json`.
        case flag
        /// Takes one value, `--vault <path>` or `--vault=<path>`; given twice, the last one wins.
        case value(valueName: String)
        /// Takes one value each time it appears: `--tag a --tag b`.
        case repeatableValue(valueName: String)
    }

    /// The long name without dashes, for example `password-stdin`.
    public var name: String
    /// The optional one-letter name, for example `v` for `-v`.
    public var shortName: Character?
    /// Whether the option is a flag or takes values.
    public var kind: Kind
    /// One sentence of help, ending with a period.
    public var help: String
    /// What shell completion offers for its value; by default inferred from the value's name.
    public var completion: Completion

    /// Creates an option; the convenience factories `flag`, `value` and `repeatable` read better at call sites.
    public init(_ name: String, shortName: Character? = nil, kind: Kind, help: String, completion: Completion? = nil) {
        precondition(Self.isKebabCase(name), "Option name '\(name)' must be kebab-case without leading dashes")
        precondition(shortName.map { $0.isASCII && $0.isLetter } ?? true, "Short name must be one ASCII letter")
        self.name = name
        self.shortName = shortName
        self.kind = kind
        self.help = help
        switch kind {
        case .flag: self.completion = .none
        case .value(let valueName), .repeatableValue(let valueName): self.completion = completion ?? .inferred(for: valueName)
        }
    }

    /// A flag such as `--json`.
    public static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name, shortName: short, kind: .flag, help: help)
    }

    /// An option taking one value; `valueName` defaults to the option's name (`--vault <vault>`).
    public static func value(
        _ name: String, short: Character? = nil, valueName: String? = nil, help: String, completion: Completion? = nil
    ) -> OptionSpec {
        OptionSpec(name, shortName: short, kind: .value(valueName: valueName ?? name), help: help, completion: completion)
    }

    /// An option that may be given several times, each time with one value.
    public static func repeatable(
        _ name: String, short: Character? = nil, valueName: String? = nil, help: String, completion: Completion? = nil
    ) -> OptionSpec {
        OptionSpec(name, shortName: short, kind: .repeatableValue(valueName: valueName ?? name), help: help,
                   completion: completion)
    }

    /// The value's placeholder name, or `nil` for a flag.
    public var valueName: String? {
        switch kind {
        case .flag: nil
        case .value(let valueName), .repeatableValue(let valueName): valueName
        }
    }

    /// Whether the option consumes a value.
    public var takesValue: Bool { valueName != nil }

    /// `--name` or `--name <value>`, as used in error messages.
    var longSynopsis: String { synopsis(for: "--\(name)") }

    /// `-n` or `-n <value>`.
    func synopsis(for spelling: String) -> String {
        valueName.map { "\(spelling) <\($0)>" } ?? spelling
    }

    private static func isKebabCase(_ name: String) -> Bool {
        guard let first = name.first, first.isASCII, first.isLetter || first.isNumber, name.last != "-" else {
            return false
        }
        return name.allSatisfy { $0 == "-" || ($0.isASCII && ($0.isLowercase || $0.isNumber)) }
            && !name.contains("--")
    }
}
