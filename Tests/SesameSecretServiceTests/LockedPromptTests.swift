import Foundation
import Testing

/// Issue 26, point 9: a locked vault when the default pinentry cannot show itself (pinentry-gnome3 without a
/// display, as the service started by the bus has). Sesame asks with pinentry-curses on the client's terminal;
/// when nothing can ask, the client gets a D-Bus error that names the cause and the service's log says why.
@Suite(.serialized) struct LockedPromptTests {
    /// A stand-in for pinentry-gnome3 without a display: it starts, then cannot show itself.
    static let noDisplay = """
        #!/bin/sh
        echo "OK Pleased to meet you"
        while read -r line; do
          case "$line" in
            GETPIN|CONFIRM) echo "ERR 83918950 Inappropriate ioctl for device <Pinentry>" ;;
            BYE) echo OK; exit 0 ;;
            *) echo OK ;;
          esac
        done
        """

    /// A stand-in pinentry-curses: records the terminal it was told to draw on, then answers.
    static func curses(record: String) -> String {
        """
        #!/bin/sh
        echo "OK Pleased to meet you"
        while read -r line; do
          case "$line" in
            "OPTION ttyname="*) echo "${line#OPTION ttyname=}" > '\(record)'; echo OK ;;
            GETPIN) printf 'D %s\\nOK\\n' '\(PrivateBusHarness.masterPassword)' ;;
            BYE) echo OK; exit 0 ;;
            *) echo OK ;;
          esac
        done
        """
    }

    /// Runs `command` on a new pseudo-terminal, writing that terminal's name to `ttyFile` first.
    static let onTerminal = """
        import os, pty, sys
        tty_file, command = sys.argv[1], sys.argv[2:]
        pid, fd = pty.fork()
        if pid == 0:
            os.execvp("sh", ["sh", "-c", 'tty > "$0"; exec "$@"', tty_file] + command)
        out = b""
        while True:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        _, status = os.waitpid(pid, 0)
        sys.stdout.write(out.decode(errors="replace").replace("\\r\\n", "\\n"))
        sys.exit(os.waitstatus_to_exitcode(status))
        """

    @Test func pinentryCursesAsksOnTheClientsTerminalWhenTheDefaultCannotShowItself() throws {
        let bus = try PrivateBusHarness()
        defer { bus.stop() }
        try bus.makeUnlockedVault()
        let record = bus.home + "/curses-tty"
        try bus.installProgram("pinentry", Self.noDisplay)
        try bus.installProgram("pinentry-curses", Self.curses(record: record))
        try bus.startService()
        #expect(try bus.secretTool(["store", "--label=Demo", "service", "demo"], input: "s3cret").status == 0)
        #expect(try bus.sesame(["lock"]).status == 0)

        try Self.onTerminal.write(toFile: bus.home + "/on_terminal.py", atomically: true, encoding: .utf8)
        let ttyFile = bus.home + "/client-tty"
        let lookup = try bus.run("/usr/bin/python3", [bus.home + "/on_terminal.py", ttyFile, "secret-tool", "lookup", "service", "demo"])
        #expect(lookup.status == 0, "\(lookup.stdout) \(bus.serviceLog)")
        // On a terminal secret-tool ends the secret with a newline.
        #expect(lookup.stdout.hasSuffix("s3cret\n"), "\(lookup.stdout)")
        let clientTTY = try String(contentsOfFile: ttyFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(clientTTY.hasPrefix("/dev/pts/"))
        #expect(try String(contentsOfFile: record, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines) == clientTTY)
        #expect(bus.serviceLog.contains("could not show itself; trying pinentry-curses on \(clientTTY) (the client's terminal)."),
                "\(bus.serviceLog)")
    }

    @Test func withNothingToAskTheClientGetsAnErrorNamingTheCauseAndTheLogSaysWhy() throws {
        let bus = try PrivateBusHarness()
        defer { bus.stop() }
        try bus.makeUnlockedVault()
        // No pinentry at all on the service's PATH, and a client without a terminal.
        try bus.startService(environment: ["PATH": bus.home + "/bin"])
        #expect(try bus.secretTool(["store", "--label=Demo", "service", "demo"], input: "s3cret").status == 0)
        #expect(try bus.sesame(["lock"]).status == 0)
        let lookup = try bus.secretTool(["lookup", "service", "demo"])
        #expect(lookup.status != 0)
        #expect(lookup.stdout.isEmpty)
        #expect(lookup.stderr.contains("Sesame cannot ask for the master password: no pinentry is installed"), "\(lookup.stderr)")
        #expect(lookup.stderr.contains("sesame unlock"))
        let log = bus.serviceLog
        #expect(log.contains("sesame-secret-service: Cannot ask for the master password: no pinentry is installed"), "\(log)")
        #expect(log.contains("runs on no terminal and the service has none"))
        #expect(log.contains("sesame-secret-service: Refused org.freedesktop.Secret.Prompt.Prompt"), "\(log)")
    }
}
