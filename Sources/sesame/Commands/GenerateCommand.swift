import SesameAutoFill
import SesameTerminal

/// `sesame generate`: prints random passwords. Needs no vault.
enum GenerateCommand: Command {
    static let spec = CommandSpec(
        name: "generate",
        abstract: "Print a random password.",
        discussion: "Every chosen character class appears at least once; characters come from the operating system's random source.",
        options: [
            .value("length", short: "l", valueName: "n", help: "Number of characters (default 20)."),
            .flag("no-uppercase", help: "Leave out A-Z."),
            .flag("no-lowercase", help: "Leave out a-z."),
            .flag("no-digits", help: "Leave out 0-9."),
            .flag("no-symbols", help: "Leave out symbols."),
            .value("count", short: "n", valueName: "n", help: "How many passwords to print (default 1)."),
            CommonOptions.json,
        ])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let generator = try makeGenerator(arguments)
        let count = try arguments.integer("count", in: 1...1000) ?? 1
        let passwords = try (0..<count).map { _ in try generator.generate() }
        if context.wantsJSON {
            try context.printJSON(passwords.map { ["password": $0] })
        } else {
            for password in passwords { print(password) }
        }
    }

    /// The generator options `add --generate` and `edit --generate` share.
    static let generatorOptions: [OptionSpec] = [
        .value("length", valueName: "n", help: "Length of a generated password (default 20)."),
        .flag("no-symbols", help: "Leave symbols out of a generated password."),
    ]

    static func makeGenerator(_ arguments: ParsedArguments) throws -> PasswordGenerator {
        var classes = PasswordGenerator.Classes.all
        let declared = Set(arguments.spec.options.map(\.name))
        for (flag, set) in [("no-uppercase", PasswordGenerator.Classes.uppercase), ("no-lowercase", .lowercase),
                            ("no-digits", .digits), ("no-symbols", .symbols)]
        where declared.contains(flag) && arguments.flag(flag) {
            classes.remove(set)
        }
        let generator = PasswordGenerator(length: try arguments.integer("length") ?? PasswordGenerator.defaultLength, classes: classes)
        do {
            try generator.validate()
        } catch {
            throw arguments.usageError(error.message)
        }
        return generator
    }
}
