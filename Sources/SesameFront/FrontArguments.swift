import SesameCommandContract

/// A command's words as the `sesame` front reads them: only the plain spellings of the options it knows, so that
/// whatever it accepts means the same to the full CLI's parser (`CommandSpec+Parsing`). Anything else (help, `--`,
/// clustered or unknown options, a repeated option, an empty or option-like value, a word starting with `-`) makes
/// it nil, and the full CLI, which explains mistakes, gets the command.
struct FrontArguments {
    var positionals: [String] = []
    var flags: Set<String> = []
    var values: [String: String] = [:]

    /// `options` are the options of the command this front serves, as the full CLI declares them
    /// (``FrontServedOption``): each is accepted in its plain spellings (`--reveal`, `-r`, `--vault=PATH`).
    init?(_ words: ArraySlice<String>, options: [FrontServedOption], positionals allowed: ClosedRange<Int>) {
        var known: [String: String] = [:]
        var valueOptions: [String: String] = [:]
        for option in options {
            for spelling in option.spellings {
                if option.takesValue { valueOptions[spelling] = option.name } else { known[spelling] = option.name }
            }
        }
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            index += 1
            if let name = known[word] {
                guard flags.insert(name).inserted else { return nil }
            } else if let name = valueOptions[word] {
                guard index < words.endIndex, values[name] == nil else { return nil }
                let value = words[index]
                guard !value.isEmpty, !value.hasPrefix("-") else { return nil }
                values[name] = value
                index += 1
            } else if word.hasPrefix("--"), let equals = word.firstIndex(of: "="),
                let name = valueOptions[String(word[..<equals])]
            {
                let value = String(word[word.index(after: equals)...])
                guard !value.isEmpty, values[name] == nil else { return nil }
                values[name] = value
            } else if !word.isEmpty, !word.hasPrefix("-") {
                positionals.append(word)
            } else {
                return nil
            }
        }
        guard allowed.contains(positionals.count) else { return nil }
    }

    /// The options every vault command shares: `--json`, `--password-stdin`, `--vault PATH`.
    static let common: [FrontServedOption] = [.json, .passwordStdin, .vault]

    /// Whether the flag was given.
    func has(_ option: FrontServedOption) -> Bool { flags.contains(option.name) }

    /// The option's value, when given.
    func value(_ option: FrontServedOption) -> String? { values[option.name] }
}
