import Foundation
import SesameAutoFill
import SesameTerminal

/// `sesame generate`: prints random passwords or passphrases. Needs no vault.
enum GenerateCommand: Command {
    static let spec = CommandSpec(
        name: "generate",
        abstract: "Print a random password or passphrase.",
        discussion: "Passwords are drawn uniformly among those that meet the rules: every chosen character class appears at least once, or the rules given with --rules (Apple's password rules language) hold, or those of the site given with --for in the file set with 'sesame config set password-rules FILE'. The strength in bits goes to standard error (or into --json). Passphrases take words from the EFF long list of Debian's diceware package, or from --wordlist.",
        options: [
            .value("length", short: "l", valueName: "n", help: "Number of characters (default 20, or the rules' nearest length)."),
            .flag("no-uppercase", help: "Leave out A-Z."),
            .flag("no-lowercase", help: "Leave out a-z."),
            .flag("no-digits", help: "Leave out 0-9."),
            .flag("no-symbols", help: "Leave out symbols."),
            .flag("no-look-alikes", help: "Leave out characters easily misread (0 O o 1 l I | and quotes)."),
            .value("rules", valueName: "rules", help: "Apple password rules, such as \"minlength: 20; required: lower; required: digit; allowed: [-_]\"."),
            .value("for", valueName: "url", help: "Follow the rules the configured password-rules file has for this site."),
            .flag("passphrase", help: "Generate a passphrase of words instead."),
            .value("words", valueName: "n", help: "Words in a passphrase (default 6)."),
            .value("separator", valueName: "text", help: "Between the words of a passphrase (default -)."),
            .flag("capitalize", help: "Capitalize each word of a passphrase."),
            .value("wordlist", valueName: "file", help: "Word list for passphrases, one word a line."),
            .value("count", short: "n", valueName: "n", help: "How many to print (default 1)."),
            CommonOptions.json,
        ],
        familiarNames: ["gen", "pwgen", "random"])

    static let defaultWordListPaths = [
        "/usr/share/diceware/wordlist_en_eff.txt",
        "/usr/lib/python3/dist-packages/diceware/wordlists/wordlist_en_eff.txt",
    ]

    private struct Generated: Encodable {
        var password: String
        var bits: Double
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let count = try arguments.integer("count", in: 1...1000) ?? 1
        let bits: Double
        let make: () throws -> String
        if arguments.flag("passphrase") {
            let generator = try makePassphraseGenerator(arguments)
            bits = generator.entropyBits
            make = generator.generate
        } else {
            let generator = try makeGenerator(arguments, rules: try rules(arguments, context: context))
            bits = generator.entropyBits
            make = generator.generate
        }
        let passwords = try (0..<count).map { _ in try make() }
        let rounded = (bits * 10).rounded() / 10
        if context.wantsJSON {
            try context.printJSON(passwords.map { Generated(password: $0, bits: rounded) })
        } else {
            for password in passwords { print(password) }
            Terminal.writeToStandardError("Strength: \(rounded) bits.\n")
        }
    }

    /// The generator options `add --generate` and `edit --generate` share.
    static let generatorOptions: [OptionSpec] = [
        .value("length", valueName: "n", help: "Length of a generated password (default 20)."),
        .flag("no-symbols", help: "Leave symbols out of a generated password."),
    ]

    /// The rules given with --rules, or the configured rules of the site given with --for.
    static func rules(_ arguments: ParsedArguments, context: CommandContext) throws -> PasswordRules? {
        if let site = arguments.value("for") {
            guard arguments.value("rules") == nil else { throw arguments.usageError("Use either --rules or --for") }
            return try SiteRulesLookup.rules(for: site, context: context, explicit: true)
        }
        guard let text = arguments.value("rules") else { return nil }
        do {
            return try PasswordRulesParser.parse(text)
        } catch {
            throw arguments.usageError(error.description)
        }
    }

    /// A generator from the class flags, or from `rules` when given (the class flags then do not apply).
    static func makeGenerator(_ arguments: ParsedArguments, rules: PasswordRules? = nil) throws -> PasswordGenerator {
        let declared = Set(arguments.spec.options.map(\.name))
        let length = try arguments.integer("length")
        let excludesLookAlikes = declared.contains("no-look-alikes") && arguments.flag("no-look-alikes")
        let generator: PasswordGenerator
        if let rules {
            generator = PasswordGenerator(rules: rules, length: length, excludesLookAlikes: excludesLookAlikes)
        } else {
            var classes = PasswordGenerator.Classes.all
            for (flag, set) in [("no-uppercase", PasswordGenerator.Classes.uppercase), ("no-lowercase", .lowercase),
                                ("no-digits", .digits), ("no-symbols", .symbols)]
            where declared.contains(flag) && arguments.flag(flag) {
                classes.remove(set)
            }
            guard !classes.isEmpty else { throw arguments.usageError("Choose at least one character class.") }
            generator = PasswordGenerator(length: length ?? PasswordGenerator.defaultLength, classes: classes,
                                          excludesLookAlikes: excludesLookAlikes)
        }
        do {
            try generator.validate()
        } catch {
            throw arguments.usageError(error.message)
        }
        return generator
    }

    static func makePassphraseGenerator(_ arguments: ParsedArguments) throws -> PassphraseGenerator {
        let path = arguments.value("wordlist") ?? defaultWordListPaths.first { FileManager.default.isReadableFile(atPath: $0) }
        guard let path else {
            throw CLIError("No word list found: install Debian's diceware package or give --wordlist FILE.")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw CLIError("Cannot read the word list \(path).") }
        let generator = PassphraseGenerator(
            wordList: try WordList(parsing: String(decoding: data, as: UTF8.self)),
            wordCount: try arguments.integer("words") ?? PassphraseGenerator.defaultWordCount,
            separator: arguments.value("separator") ?? "-", capitalizes: arguments.flag("capitalize"))
        do {
            try generator.validate()
        } catch {
            throw arguments.usageError(error.message)
        }
        return generator
    }
}
