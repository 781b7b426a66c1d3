import Foundation
import SesameAutoFill
import SesameTerminal

/// `sesame generate`: prints random passwords or passphrases. Needs no vault.
enum GenerateCommand: Command {
    static let spec = CommandSpec(
        name: "generate",
        abstract: "Print a random password or passphrase.",
        discussion: "Passwords are drawn uniformly among those that meet the rules: every chosen character class appears at least once, or the rules given with --rules (Apple's password rules language) hold, or those of the site given with --for in the file set with 'sesame config set password-rules FILE'. The strength in bits goes to standard error (or into --json). Passphrases take words from the EFF long list of Debian's diceware package, or from --wordlist.",
        declaring: Arguments.self,
        familiarNames: ["gen", "pwgen", "random"])

    static let wordsOption = OptionSpec.value("words", valueName: "n", help: "Words in a passphrase (default 6).")
    static let countOption = OptionSpec.value("count", short: "n", valueName: "n", help: "How many to print (default 1).")

    struct Arguments: CommandArguments {
        let choice: Choice
        let rules: String?
        let site: String?
        let passphrase: Bool
        let words: String?
        let separator: String?
        let capitalize: Bool
        let wordlist: String?
        let count: String?
        let usage: CommandUsage

        init(_ decoder: inout ArgumentDecoder) {
            choice = Choice(generateOptions: &decoder)
            rules = decoder.value(.value(
                "rules", valueName: "rules",
                help: "Apple password rules, such as \"minlength: 20; required: lower; required: digit; allowed: [-_]\"."))
            site = decoder.value(.value(
                "for", valueName: "url", help: "Follow the rules the configured password-rules file has for this site."))
            passphrase = decoder.flag(.flag("passphrase", help: "Generate a passphrase of words instead."))
            words = decoder.value(wordsOption)
            separator = decoder.value(.value("separator", valueName: "text", help: "Between the words of a passphrase (default -)."))
            capitalize = decoder.flag(.flag("capitalize", help: "Capitalize each word of a passphrase."))
            wordlist = decoder.value(.value("wordlist", valueName: "file", help: "Word list for passphrases, one word a line."))
            count = decoder.value(countOption)
            decoder.shared(CommonOptions.json)
            usage = decoder.usage
        }
    }

    /// The length and character classes a generated password follows, as `generate`, `add --generate` and `edit
    /// --generate` decode them.
    struct Choice {
        let length: String?
        let lengthOption: OptionSpec
        var noUppercase = false
        var noLowercase = false
        var noDigits = false
        var noSymbols: Bool
        var noLookAlikes = false
        let usage: CommandUsage

        /// `generate`'s options, in its help's order.
        init(generateOptions decoder: inout ArgumentDecoder) {
            lengthOption = .value(
                "length", short: "l", valueName: "n", help: "Number of characters (default 20, or the rules' nearest length).")
            length = decoder.value(lengthOption)
            noUppercase = decoder.flag(.flag("no-uppercase", help: "Leave out A-Z."))
            noLowercase = decoder.flag(.flag("no-lowercase", help: "Leave out a-z."))
            noDigits = decoder.flag(.flag("no-digits", help: "Leave out 0-9."))
            noSymbols = decoder.flag(.flag("no-symbols", help: "Leave out symbols."))
            noLookAlikes = decoder.flag(.flag(
                "no-look-alikes", help: "Leave out characters easily misread (0 O o 1 l I | and quotes)."))
            usage = decoder.usage
        }

        /// The generator options `add --generate` and `edit --generate` share.
        init(itemOptions decoder: inout ArgumentDecoder) {
            lengthOption = .value("length", valueName: "n", help: "Length of a generated password (default 20).")
            length = decoder.value(lengthOption)
            noSymbols = decoder.flag(.flag("no-symbols", help: "Leave symbols out of a generated password."))
            usage = decoder.usage
        }
    }

    static let defaultWordListPaths = [
        "/usr/share/diceware/wordlist_en_eff.txt",
        "/usr/lib/python3/dist-packages/diceware/wordlists/wordlist_en_eff.txt",
    ]

    private struct Generated: Encodable {
        var password: String
        var bits: Double
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        let count = try arguments.usage.integer(arguments.count, of: countOption, in: 1...1000) ?? 1
        let bits: Double
        let make: () throws -> String
        if arguments.passphrase {
            let generator = try makePassphraseGenerator(arguments)
            bits = generator.entropyBits
            make = generator.generate
        } else {
            let generator = try makeGenerator(arguments.choice, rules: try rules(arguments, context: context))
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

    /// The rules given with --rules, or the configured rules of the site given with --for.
    static func rules(_ arguments: Arguments, context: CommandContext) throws -> PasswordRules? {
        if let site = arguments.site {
            guard arguments.rules == nil else { throw arguments.usage.error("Use either --rules or --for") }
            return try SiteRulesLookup.rules(for: site, context: context, explicit: true)
        }
        guard let text = arguments.rules else { return nil }
        do {
            return try PasswordRulesParser.parse(text)
        } catch {
            throw arguments.usage.error(error.description)
        }
    }

    /// A generator from the class flags, or from `rules` when given (the class flags then do not apply).
    static func makeGenerator(_ choice: Choice, rules: PasswordRules? = nil) throws -> PasswordGenerator {
        let length = try choice.usage.integer(choice.length, of: choice.lengthOption)
        let excludesLookAlikes = choice.noLookAlikes
        let generator: PasswordGenerator
        if let rules {
            generator = PasswordGenerator(rules: rules, length: length, excludesLookAlikes: excludesLookAlikes)
        } else {
            var classes = PasswordGenerator.Classes.all
            for (leftOut, set) in [(choice.noUppercase, PasswordGenerator.Classes.uppercase), (choice.noLowercase, .lowercase),
                                   (choice.noDigits, .digits), (choice.noSymbols, .symbols)]
            where leftOut {
                classes.remove(set)
            }
            guard !classes.isEmpty else { throw choice.usage.error("Choose at least one character class.") }
            generator = PasswordGenerator(length: length ?? PasswordGenerator.defaultLength, classes: classes,
                                          excludesLookAlikes: excludesLookAlikes)
        }
        do {
            try generator.validate()
        } catch {
            throw choice.usage.error(error.message)
        }
        return generator
    }

    static func makePassphraseGenerator(_ arguments: Arguments) throws -> PassphraseGenerator {
        let path = arguments.wordlist ?? defaultWordListPaths.first { FileManager.default.isReadableFile(atPath: $0) }
        guard let path else {
            throw CLIError("No word list found: install Debian's diceware package or give --wordlist FILE.")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw CLIError("Cannot read the word list \(path).") }
        let generator = PassphraseGenerator(
            wordList: try WordList(parsing: String(decoding: data, as: UTF8.self)),
            wordCount: try arguments.usage.integer(arguments.words, of: wordsOption) ?? PassphraseGenerator.defaultWordCount,
            separator: arguments.separator ?? "-", capitalizes: arguments.capitalize)
        do {
            try generator.validate()
        } catch {
            throw arguments.usage.error(error.message)
        }
        return generator
    }
}
