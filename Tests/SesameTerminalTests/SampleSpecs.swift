import SesameTerminal

/// Specs shaped like Sesame's own commands, shared by the parsing and help tests.
enum SampleSpecs {
    static let add = CommandSpec(
        name: "add",
        abstract: "Add a login to the vault.",
        discussion: "The login's password is asked for on the terminal, or read from standard input after the "
            + "master password with --password-stdin.",
        arguments: [
            ArgumentSpec("title", help: "A name for the login."),
            ArgumentSpec("sites", help: "Web sites or hosts where the login is used.", isOptional: true,
                         isVariadic: true),
        ],
        options: [
            .value("user", short: "u", valueName: "name", help: "The user name."),
            .repeatable("tag", short: "t", help: "A tag for the login; repeat the option for several tags."),
            .value("length", short: "l", help: "The length of a generated password."),
            .flag("generate", short: "g", help: "Generate a random password instead of asking for one."),
            .flag("password-stdin",
                  help: "Read the master password, then the login's password, from standard input, one per line."),
            .flag("json", help: "Print the new item as JSON."),
            .flag("quiet", short: "q", help: "Print nothing on success."),
        ])

    static let rename = CommandSpec(
        name: "rename",
        abstract: "Rename a login.",
        arguments: [
            ArgumentSpec("old", help: "The current title."),
            ArgumentSpec("new", help: "The new title."),
        ])

    static let remove = CommandSpec(
        name: "remove",
        abstract: "Remove logins.",
        arguments: [ArgumentSpec("items", help: "Titles or IDs of the logins to remove.", isVariadic: true)],
        options: [.flag("force", short: "f", help: "Do not ask for confirmation.")])

    static let sesame = CommandSpec(
        name: "sesame",
        abstract: "A password vault for the terminal, git and the desktop.",
        version: "0.1.0",
        options: [.value("vault", valueName: "path", help: "The vault file to use instead of the default one.")],
        subcommands: [
            SubcommandSpec("add", abstract: "Add a login to the vault."),
            SubcommandSpec("get", abstract: "Print a login's password."),
            SubcommandSpec("list", abstract: "List the logins in the vault."),
            SubcommandSpec("setup", abstract: "Connect Sesame to git or the Secret Service."),
        ])

    static let setup = CommandSpec(
        name: "setup",
        abstract: "Connect Sesame to git or the Secret Service.",
        subcommands: [
            SubcommandSpec("git", abstract: "Make git ask Sesame for credentials."),
            SubcommandSpec("secret-service", abstract: "Serve org.freedesktop.secrets on the session bus."),
        ])
}
