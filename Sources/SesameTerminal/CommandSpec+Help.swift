// MARK: - Usage and help text

extension CommandSpec {
    /// Help is wrapped to 80 columns whatever the terminal, so it reads the same everywhere (and in tests).
    static let helpWidth = 80
    /// Where help sentences start, as in swift-argument-parser.
    static let helpColumn = 26
    /// Above this many options, the usage line says `[<options>]`, as in swift-argument-parser.
    static let maximumOptionsInUsage = 12

    /// The usage line without the `Usage:` prefix, for example `sesame add [--json] [--user <name>] <title>`.
    ///
    /// Options are listed by their long names. When they would push the line past 80 columns, or there are more
    /// than 12, they are summarised as `[<options>]`.
    public func usage(commandPath: String? = nil) -> String {
        let path = commandPath ?? name
        let tail = isGroup ? [runsWithoutSubcommand ? "[<subcommand>]" : "<subcommand>"] : arguments.map(\.usageSynopsis)
        let optionWords = options.map { option in
            switch option.kind {
            case .flag: "[--\(option.name)]"
            case .value: "[\(option.longSynopsis)]"
            case .repeatableValue: "[\(option.longSynopsis) ...]"
            }
        }
        let full = ([path] + optionWords + tail).joined(separator: " ")
        if optionWords.count <= Self.maximumOptionsInUsage && "USAGE: \(full)".count <= Self.helpWidth {
            return full
        }
        return ([path] + (optionWords.isEmpty ? [] : ["[<options>]"]) + tail).joined(separator: " ")
    }

    /// The full help text, in swift-argument-parser's shape, ending with a newline.
    ///
    /// ```
    /// OVERVIEW: Add a login to the vault.
    ///
    /// USAGE: sesame add [--user <name>] <title>
    ///
    /// ARGUMENTS:
    ///   <title>                 A name for the login.
    ///
    /// OPTIONS:
    ///   -u, --user <name>       The user name.
    ///   -h, --help              Show help information.
    /// ```
    public func helpText(commandPath: String? = nil) -> String {
        let path = commandPath ?? name
        var blocks: [String] = []
        blocks.append("OVERVIEW: \(abstract)".wrapped(to: Self.helpWidth))
        if let discussion, !discussion.isEmpty {
            blocks.append(discussion.wrapped(to: Self.helpWidth))
        }
        blocks.append("USAGE: \(usage(commandPath: path))")
        if !arguments.isEmpty {
            blocks.append(section("ARGUMENTS", arguments.map { ($0.placeholder, $0.help) }))
        }
        blocks.append(section("OPTIONS", optionRows))
        if isGroup {
            blocks.append(section("SUBCOMMANDS", subcommands.filter { !$0.isHidden }.map { ($0.name, $0.abstract) }))
            // argument-parser's pointer to `help`, which goes right after the program name.
            var words = path.split(separator: " ").map(String.init)
            words.insert("help", at: min(1, words.count))
            blocks.append("  See '\(words.joined(separator: " ")) <subcommand>' for detailed help.")
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    private var optionRows: [(String, String)] {
        var rows = options.map { option in
            let names = option.shortName.map { "-\($0), --\(option.name)" } ?? "--\(option.name)"
            return (option.valueName.map { "\(names) <\($0)>" } ?? names, option.help)
        }
        if version != nil { rows.append(("--version", "Show the version.")) }
        rows.append(("-h, --help", "Show help information."))
        return rows
    }

    /// A titled two-column list: labels indented by 2, help from column 26, on the next line if the label is long.
    private func section(_ title: String, _ rows: [(label: String, help: String)]) -> String {
        let lines = rows.map { row in
            let label = "  " + row.label
            guard !row.help.isEmpty else { return label }
            let help = row.help.wrapped(to: Self.helpWidth, indent: Self.helpColumn, firstLineIndent: Self.helpColumn)
            if label.count <= Self.helpColumn - 2 {
                return label + help.dropFirst(label.count)
            }
            return label + "\n" + help
        }
        return "\(title):\n" + lines.joined(separator: "\n")
    }
}
