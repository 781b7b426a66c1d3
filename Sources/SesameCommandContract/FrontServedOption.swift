/// An option of a command the fronts serve, as both the full CLI declares it and the front reads it: its long
/// name, its one-letter name and whether it takes a value. The CLI's `OptionSpec`s of these options are made from
/// these values (adding only their help), so a renamed or re-lettered option cannot leave the front reading
/// spellings the CLI no longer has, which would silently send every call down the slow path.
public struct FrontServedOption: Sendable, Equatable {
    /// The long name without dashes, `password-stdin`.
    public let name: String
    /// The one-letter name, `r` for `-r`.
    public let shortName: Character?
    /// Whether it takes a value (`--vault PATH`); a flag otherwise.
    public let takesValue: Bool

    init(_ name: String, short: Character? = nil, takesValue: Bool = false) {
        self.name = name
        self.shortName = short
        self.takesValue = takesValue
    }

    /// `--name`, then `-n` when it has a letter: the spellings the front accepts as a word of their own.
    public var spellings: [String] {
        ["--\(name)"] + (shortName.map { ["-\($0)"] } ?? [])
    }

    /// `--json`, every vault command.
    public static let json = FrontServedOption("json")
    /// `--password-stdin`, every vault command.
    public static let passwordStdin = FrontServedOption("password-stdin")
    /// `--vault PATH`, every vault command.
    public static let vault = FrontServedOption("vault", takesValue: true)
    /// `show --reveal`, `-r`.
    public static let reveal = FrontServedOption("reveal", short: "r")
    /// `fill --username NAME`, `-u`.
    public static let fillUsername = FrontServedOption("username", short: "u", takesValue: true)
}
