import SesameTerminal
import Testing

/// Golden help texts: the exact shape users see for `-h`, `--help` and `help <subcommand>`.
@Suite struct HelpTextTests {
    @Test func leafCommandHelp() {
        #expect(SampleSpecs.add.helpText(commandPath: "sesame add") == """
            OVERVIEW: Add a login to the vault.

            The login's password is asked for on the terminal, or read from standard input
            after the master password with --password-stdin.

            USAGE: sesame add [<options>] <title> [<sites> ...]

            ARGUMENTS:
              <title>                 A name for the login.
              <sites>                 Web sites or hosts where the login is used.

            OPTIONS:
              -u, --user <name>       The user name.
              -t, --tag <tag>         A tag for the login; repeat the option for several
                                      tags.
              -l, --length <length>   The length of a generated password.
              -g, --generate          Generate a random password instead of asking for one.
              --password-stdin        Read the master password, then the login's password,
                                      from standard input, one per line.
              --json                  Print the new item as JSON.
              -q, --quiet             Print nothing on success.
              -h, --help              Show help information.

            """)
    }

    @Test func groupCommandHelp() {
        #expect(SampleSpecs.sesame.helpText() == """
            OVERVIEW: A password vault for the terminal, git and the desktop.

            USAGE: sesame [--vault <path>] <subcommand>

            OPTIONS:
              --vault <path>          The vault file to use instead of the default one.
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              add                     Add a login to the vault.
              get                     Print a login's password.
              list                    List the logins in the vault.
              setup                   Connect Sesame to git or the Secret Service.

              See 'sesame help <subcommand>' for detailed help.

            """)
    }

    @Test func nestedGroupPointsToHelpAfterTheProgramName() {
        #expect(SampleSpecs.setup.helpText(commandPath: "sesame setup").hasSuffix("""
            SUBCOMMANDS:
              git                     Make git ask Sesame for credentials.
              secret-service          Serve org.freedesktop.secrets on the session bus.

              See 'sesame help setup <subcommand>' for detailed help.

            """))
    }

    @Test func longLabelsPutTheirHelpOnTheNextLine() {
        let spec = CommandSpec(
            name: "unlock",
            abstract: "Unlock the vault for the agent, which then answers git and the Secret Service until it "
                + "locks itself again after the idle timeout.",
            options: [
                .value("password-file-descriptor", valueName: "fd", help: "Read the master password from this "
                    + "open file descriptor instead of the terminal."),
                .value("timeout", valueName: "minutes", help: "Minutes of inactivity before the agent locks."),
            ])
        #expect(spec.helpText() == """
            OVERVIEW: Unlock the vault for the agent, which then answers git and the Secret
            Service until it locks itself again after the idle timeout.

            USAGE: unlock [--password-file-descriptor <fd>] [--timeout <minutes>]

            OPTIONS:
              --password-file-descriptor <fd>
                                      Read the master password from this open file
                                      descriptor instead of the terminal.
              --timeout <minutes>     Minutes of inactivity before the agent locks.
              -h, --help              Show help information.

            """)
    }

    @Test func usageListsOptionsThenArguments() {
        #expect(SampleSpecs.remove.usage(commandPath: "sesame remove") == "sesame remove [--force] <items> ...")
        #expect(SampleSpecs.rename.usage() == "rename <old> <new>")
        let tags = CommandSpec(name: "tag", abstract: "Tag logins.",
                               arguments: [ArgumentSpec("item", help: "The login.", isOptional: true)],
                               options: [.repeatable("add", help: "A tag to add.")])
        #expect(tags.usage() == "tag [--add <add> ...] [<item>]")
    }

    @Test func longUsageSummarisesOptions() {
        #expect(SampleSpecs.add.usage(commandPath: "sesame add") == "sesame add [<options>] <title> [<sites> ...]")
        let many = CommandSpec(
            name: "x", abstract: "Many flags.",
            options: (1...13).map { .flag("f\($0)", help: "Flag \($0).") })
        #expect(many.usage() == "x [<options>]")
    }
}
