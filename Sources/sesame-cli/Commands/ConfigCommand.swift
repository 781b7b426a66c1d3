import Foundation
import SesameAutoFill
import SesameTerminal

/// `sesame config`: the shell's settings that are not secrets (docs/generator.md says where they live).
enum ConfigCommand: CommandGroup {
    static var subcommands: [any Command.Type] { [Set.self, Get.self, Unset.self, List.self] }

    static let spec = CommandSpec(
        name: "config",
        abstract: "Show or change settings.",
        discussion: "Settings: " + ConfigFile.Key.allCases.map { "\($0.rawValue): \($0.help)" }.joined(separator: " ")
            + " They are kept in $XDG_CONFIG_HOME/sesame/config.json (else ~/.config/sesame/config.json), outside the vault, so they apply without a master password.",
        subcommands: subcommandSpecs)

    static func key(_ name: String, usage: CommandUsage) throws -> ConfigFile.Key {
        guard let key = ConfigFile.Key(rawValue: name) else {
            throw usage.error("Unknown setting '\(name)' (known: \(ConfigFile.Key.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return key
    }

    static func file(_ context: CommandContext) throws -> ConfigFile {
        try ConfigFile(path: ConfigFile.path(environment: context.environment))
    }

    /// What `config get` and `config unset` read: the setting's name. (`set` reads the same name first, then a
    /// value.)
    struct SettingArguments: CommandArguments {
        let name: String
        let usage: CommandUsage

        init(_ decoder: inout ArgumentDecoder) {
            name = decoder.argument(ConfigCommand.nameArgument) ?? ""
            usage = decoder.usage
        }
    }

    static let nameArgument = ArgumentSpec("name", help: "The setting's name.")

    /// `sesame config set NAME VALUE`
    enum Set: Command {
        static let spec = CommandSpec(
            name: "set", abstract: "Change a setting.",
            discussion: "A password-rules file is read and checked first, and kept by its absolute path.",
            declaring: Arguments.self)

        struct Arguments: CommandArguments {
            let name: String
            let value: String
            let usage: CommandUsage

            init(_ decoder: inout ArgumentDecoder) {
                name = decoder.argument(ConfigCommand.nameArgument) ?? ""
                value = decoder.argument(ArgumentSpec("value", help: "Its new value.")) ?? ""
                usage = decoder.usage
            }
        }

        static func run(_ arguments: Arguments, context: CommandContext) throws {
            let key = try ConfigCommand.key(arguments.name, usage: arguments.usage)
            var value = arguments.value
            switch key {
            case .passwordRules:
                value = URL(fileURLWithPath: value).standardizedFileURL.path
                let rules = try SiteRulesLookup.load(path: value)
                print("\(rules.count) sites' password rules in \(value).")
            case .unlockOnPrompt:
                guard value == "on" || value == "off" else { throw arguments.usage.error("'unlock-on-prompt' is on or off") }
            }
            var file = try ConfigCommand.file(context)
            try file.set(key, value)
        }
    }

    /// `sesame config get NAME`
    enum Get: Command {
        static let spec = CommandSpec(
            name: "get", abstract: "Print a setting (exit 1 when it is not set).",
            declaring: SettingArguments.self)

        static func run(_ arguments: SettingArguments, context: CommandContext) throws {
            let key = try ConfigCommand.key(arguments.name, usage: arguments.usage)
            guard let value = try ConfigCommand.file(context)[key] else { throw CLIError("'\(key.rawValue)' is not set.") }
            print(value)
        }
    }

    /// `sesame config unset NAME`
    enum Unset: Command {
        static let spec = CommandSpec(
            name: "unset", abstract: "Remove a setting.",
            declaring: SettingArguments.self)

        static func run(_ arguments: SettingArguments, context: CommandContext) throws {
            var file = try ConfigCommand.file(context)
            try file.set(try ConfigCommand.key(arguments.name, usage: arguments.usage), nil)
        }
    }

    /// `sesame config list`
    enum List: Command {
        static let spec = CommandSpec(name: "list", abstract: "Print every setting that is set.", declaring: Arguments.self)

        struct Arguments: CommandArguments {
            init(_ decoder: inout ArgumentDecoder) {
                decoder.shared(CommonOptions.json)
            }
        }

        static func run(_ arguments: Arguments, context: CommandContext) throws {
            let values = try ConfigCommand.file(context).values
            if context.wantsJSON {
                try context.printJSON(values)
            } else {
                for (name, value) in values.sorted(by: { $0.key < $1.key }) { print("\(name) = \(value)") }
            }
        }
    }
}
