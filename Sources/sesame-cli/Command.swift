import SesameCommandContract
import SesameTerminal

/// One `sesame` command: a spec for parsing and help, and either a body that runs with its decoded arguments or,
/// for a group such as `sesame equivalents`, the commands under it. ``CommandDispatcher`` does the rest.
protocol Command {
    /// What the command reads from its command line, decoded once before it runs; the spec declares the same
    /// value (`CommandSpec(…, declaring: Arguments.self)`), so help lists exactly what is read.
    associatedtype Arguments: CommandArguments = NoArguments
    static var spec: CommandSpec { get }
    /// The commands of a group, in the order its help lists them; empty for a command that runs.
    static var subcommands: [any Command.Type] { get }
    static func run(_ arguments: Arguments, context: CommandContext) throws
}

extension Command {
    static var subcommands: [any Command.Type] { [] }

    /// The spec's list of subcommands, built from ``subcommands`` so the two cannot disagree.
    static var subcommandSpecs: [SubcommandSpec] {
        subcommands.map {
            SubcommandSpec($0.spec.name, abstract: $0.spec.abstract, familiarNames: $0.spec.familiarNames,
                           isHidden: $0.spec.isHidden)
        }
    }
}

extension Command {
    /// This command and every command under it: what completions and manual pages are made from.
    static var tree: CommandTree {
        CommandTree(spec: spec, children: subcommands.map { $0.tree })
    }
}

/// A command that only holds others: ``CommandDispatcher`` runs one of its ``Command/subcommands``, never it.
protocol CommandGroup: Command {}

extension CommandGroup {
    static func run(_ arguments: NoArguments, context: CommandContext) throws {
        preconditionFailure("'\(spec.name)' is a group; CommandDispatcher runs its subcommands")
    }
}

/// Options many commands share, spelled the same everywhere.
enum CommonOptions {
    static let vault = OptionSpec.served(
        .vault, valueName: "path", help: "The vault file (default: $SESAME_VAULT, else $XDG_DATA_HOME/sesame/vault.sqlite).")
    static let json = OptionSpec.served(.json, help: "Print machine-readable JSON (see docs/cli.md).")
    static let passwordStdin = OptionSpec.served(
        .passwordStdin, help: "Read every secret this command needs from standard input, one per line, master password first.")

    /// The item most commands act on.
    static let item = ArgumentSpec("item", help: "The item's id, or its title (an unambiguous prefix is enough).")

    static let allowWeakPassword = OptionSpec.flag(
        "allow-weak-password", help: "Accept a new password that zxcvbn estimates below 50 bits (refused otherwise).")

}

/// The shared options as the code around every command acts on them (``CommandContext``), taken from what the
/// command decoded: a command that does not declare one has it absent.
struct CommonArguments {
    var vault: String?
    var json = false
    var passwordStdin = false
    var allowWeakPassword = false

    /// Checks what the parser cannot: `--vault ""` would otherwise quietly mean the default vault.
    init(_ decoder: ArgumentDecoder) throws(UsageError) {
        vault = decoder.decodedValue(CommonOptions.vault) ?? nil
        json = decoder.decodedFlag(CommonOptions.json) ?? false
        passwordStdin = decoder.decodedFlag(CommonOptions.passwordStdin) ?? false
        allowWeakPassword = decoder.decodedFlag(CommonOptions.allowWeakPassword) ?? false
        if vault == "" { throw decoder.usage.error("The vault path is empty") }
    }

    init() {}
}

extension ArgumentDecoder {
    /// Reads options the command does not hold itself: their values reach it through ``CommandContext``
    /// (``CommonArguments``), and they are declared here, in the order help lists them.
    mutating func shared(_ options: OptionSpec...) {
        for option in options {
            switch option.kind {
            case .flag: _ = flag(option)
            case .value: _ = value(option)
            case .repeatableValue: _ = values(option)
            }
        }
    }
}

extension OptionSpec {
    /// An option of a command the `sesame` front also serves: its name, letter and kind come from the contract the
    /// front reads them from (`FrontServedOption`), only the help is the CLI's.
    static func served(_ option: FrontServedOption, valueName: String? = nil, help: String) -> OptionSpec {
        OptionSpec(option.name, shortName: option.shortName,
                   kind: option.takesValue ? .value(valueName: valueName ?? option.name) : .flag, help: help)
    }
}
