/// A command's words as the `sesame` front reads them: only the plain spellings of the options it knows, so that
/// whatever it accepts means the same to the full CLI's parser (`CommandSpec+Parsing`). Anything else (help, `--`,
/// clustered or unknown options, a repeated option, an empty or option-like value, a word starting with `-`) makes
/// it nil, and the full CLI, which explains mistakes, gets the command.
struct FrontArguments {
    var positionals: [String] = []
    var flags: Set<String> = []
    var values: [String: String] = [:]

    /// `flags` and `valueOptions` map every accepted spelling (`--reveal`, `-r`) to the option's name.
    init?(_ words: ArraySlice<String>, flags known: [String: String], valueOptions: [String: String],
          positionals allowed: ClosedRange<Int>) {
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
    static let commonFlags = ["--json": "json", "--password-stdin": "password-stdin"]
    static let vaultOption = ["--vault": "vault"]
}
