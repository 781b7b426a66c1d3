import Foundation
import Testing

/// What issue 22 tried from other programs of the same user against the Secret Service, each attack as it was
/// made: moving the `default` alias, reading through the session collection, a connection inherited by another
/// executable, control characters in program paths, deleting twice, and arguments far over any real client's.
@Suite(.serialized) struct HostileClientTests {
    /// A stand-in pinentry that writes every line it receives to `pinentry.log` in the test home, and answers
    /// CONFIRM with OK only when the description names `allowing`.
    static func recordingPinentry(home: String, allowing: String?) -> String {
        let confirm = allowing.map { "case \"$desc\" in *\($0)*) echo OK ;; *) echo 'ERR 83886179 Operation cancelled' ;; esac" }
            ?? "echo 'ERR 83886179 Operation cancelled'"
        return """
        #!/bin/sh
        echo "OK Pleased to meet you"
        desc=""
        while IFS= read -r line; do
          printf '%s\\n' "$line" >> '\(home)/pinentry.log'
          case "$line" in
            SETDESC*) desc="$line"; echo OK ;;
            CONFIRM) \(confirm) ;;
            BYE) echo OK; exit 0 ;;
            *) echo OK ;;
          esac
        done
        """
    }

    /// Writes the `--confirm` answers file as `sesame secret-service clients` keeps it.
    static func remember(_ programs: [(String, Bool)], home: String) throws {
        let entries = programs.map { program, allowed in
            ["program": program, "allowed": allowed, "decided": "2026-12-01T00:00:00Z"] as [String: Any]
        }
        try FileManager.default.createDirectory(atPath: home + "/config/sesame", withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: entries).write(to: URL(fileURLWithPath: home + "/config/sesame/secret-service-clients.json"))
    }

    /// Issue 22 (3): `SetAlias("default", …/collection/session)` made `secret-tool store` keep secrets in memory,
    /// where a never-allowed program read them without a prompt, and lost them at restart.
    @Test func theDefaultAliasNeverLeavesTheVault() throws {
        let bus = try PrivateBusHarness()
        defer { bus.stop() }
        try bus.makeUnlockedVault()
        try bus.installProgram("pinentry", Self.recordingPinentry(home: bus.home, allowing: "secret-tool"))
        try bus.startService(["--confirm"])
        let moved = try bus.python("""
            import sesame_probe as p
            conn = p.connect()
            session = p.ROOT + "/collection/session"
            login = p.ROOT + "/collection/login"
            for name, target in [("default", session), ("session", login), ("myapp", session), ("default", "/"),
                                 ("default", login)]:
                print(name, target.rsplit("/", 1)[-1] or "/", p.call(conn, p.ROOT, p.S, "SetAlias", "so", (name, target))[0])
            print("default is", p.ok(conn, p.ROOT, p.S, "ReadAlias", "s", ("default",))[0])
            """)
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(moved.stdout == """
            default session org.freedesktop.DBus.Error.AccessDenied
            session login org.freedesktop.DBus.Error.AccessDenied
            myapp session org.freedesktop.DBus.Error.AccessDenied
            default / org.freedesktop.DBus.Error.AccessDenied
            default login None
            default is /org/freedesktop/secrets/collection/login

            """)
        // So a token stored the usual way lands in the vault.
        #expect(try bus.secretTool(["store", "--label=Token", "app", "victim"], input: "t0ken").status == 0)
        #expect(try bus.sesame(["list", "--json"]).stdout.contains("\"Token\""))
        // And with --confirm, a never-allowed program reads no secret of the session collection either.
        let read = try bus.python("""
            import sesame_probe as p
            conn = p.connect()
            session = p.plain_session(conn)
            memory = p.ROOT + "/aliases/session"
            item = p.ok(conn, memory, p.C, "CreateItem", "a{sv}(oayays)b", (p.props("m", {"k": "v"}), p.secret(session, b"kept"), True))[0]
            print("read:", p.call(conn, item, p.I, "GetSecret", "o", (session,))[0])
            print("reads:", p.call(conn, p.ROOT, p.S, "GetSecrets", "aoo", ([item], session))[0])
            """)
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout == "read: org.freedesktop.DBus.Error.AccessDenied\nreads: org.freedesktop.DBus.Error.AccessDenied\n")
    }

    /// Issue 22 (5): a program connects, calls, then runs an allowed program on the same process while a child
    /// keeps the connection; the child's reads must not pass as the allowed program's.
    @Test func aConnectionWhoseProcessRunsAnotherProgramReadsNothing() throws {
        let bus = try PrivateBusHarness()
        defer { bus.stop() }
        try bus.makeUnlockedVault()
        try bus.installProgram("pinentry", Self.recordingPinentry(home: bus.home, allowing: nil))
        try Self.remember([("/usr/bin/secret-tool", true)], home: bus.home)
        try bus.startService(["--confirm"])
        #expect(try bus.secretTool(["store", "--label=Kept", "app", "inherited"], input: "inherited-secret").status == 0)
        #expect(try bus.secretTool(["lookup", "app", "inherited"]).stdout == "inherited-secret")
        let result = try bus.python("""
            import os, sys, time, sesame_probe as p
            conn = p.connect()
            session = p.plain_session(conn)
            item = p.ok(conn, p.ROOT, p.S, "SearchItems", "a{ss}", ({"app": "inherited"},))[0][0]
            read_end, write_end = os.pipe()
            if os.fork() == 0:
                os.close(read_end)
                time.sleep(1.5)  # the parent runs secret-tool by now, on the process the bus knows
                error, body = p.call(conn, item, p.I, "GetSecret", "o", (session,))
                print("inherited:", error or bytes(body[0][2]).decode(), flush=True)
                os.close(write_end)
                os._exit(0)
            os.close(write_end)
            os.dup2(read_end, 0)
            # secret-tool store reads the secret from standard input: it waits there until the child is done.
            os.execv("/usr/bin/secret-tool", ["secret-tool", "store", "--label=Later", "app", "later"])
            """)
        #expect(result.stdout.contains("inherited: org.freedesktop.DBus.Error.AccessDenied"), "\(result.stdout) \(result.stderr)")
    }

    /// Issue 22 (7): a folder named with `\r\e[2K` made an allowed program's row read as denied in `sesame
    /// secret-service clients`, and CR/LF in a path became line breaks of pinentry's question.
    @Test func programPathsReachTheTerminalAndPinentryEscaped() throws {
        let bus = try PrivateBusHarness()
        defer { bus.stop() }
        try bus.makeUnlockedVault()
        let folder = bus.home + "/odd\r\u{1B}[2K\ndenied  2026-01-01T00:00:00Z  /usr/bin/x"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let program = folder + "/secret-tool"
        try FileManager.default.copyItem(atPath: "/usr/bin/secret-tool", toPath: program)
        try bus.installProgram("pinentry", Self.recordingPinentry(home: bus.home, allowing: nil))
        try Self.remember([(program, true)], home: bus.home)

        let listed = try bus.sesame(["secret-service", "clients"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(!listed.stdout.contains("\u{1B}") && !listed.stdout.contains("\r"))
        #expect(listed.stdout.split(separator: "\n").count == 1, "\(listed.stdout)")
        #expect(listed.stdout.hasPrefix("allowed  ") && listed.stdout.contains("odd\\u{D}\\u{1B}[2K\\u{A}denied"))

        // Denied once by pinentry (revoked first), so pinentry asks about that path.
        #expect(try bus.sesame(["secret-service", "clients", "--revoke", program]).status == 0)
        try bus.startService(["--confirm"])
        #expect(try bus.secretTool(["store", "--label=L", "app", "odd"], input: "v").status == 0)
        _ = try bus.run(program, ["lookup", "app", "odd"])
        let log = try String(contentsOfFile: bus.home + "/pinentry.log", encoding: .utf8)
        let question = try #require(log.split(separator: "\n").first { $0.hasPrefix("SETDESC") })
        #expect(!question.contains("\u{1B}") && !question.contains("\r"))
        #expect(!question.contains("%0A") && !question.contains("%0D"), "\(question)")
        #expect(question.contains("odd\\u{D}\\u{1B}[2K\\u{A}denied"), "\(question)")
    }

    /// Issue 22 (12): deleting an item already deleted succeeded. SecretStorage reads `NoSuchObject` (and
    /// `UnknownMethod`) as "not found", libsecret `NoSuchObject` and `UnknownObject`: Sesame answers `NoSuchObject`.
    @Test func anItemDeletedOnceIsGoneForEveryCall() throws {
        let bus = try PrivateBusHarness()
        defer { bus.stop() }
        try bus.makeUnlockedVault()
        try bus.startService()
        let result = try bus.python("""
            import secretstorage, sesame_probe as p
            from secretstorage.exceptions import ItemNotFoundException
            conn = secretstorage.dbus_init()
            deleted = {}
            for alias in ("default", "session"):
                collection = secretstorage.get_collection_by_alias(conn, alias)
                item = collection.create_item("Twice", {"app": "twice"}, b"v")
                item.delete()
                deleted[alias] = item.item_path
                for name, call in [("delete", item.delete), ("secret", item.get_secret), ("label", item.get_label),
                                   ("set label", lambda: item.set_label("x"))]:
                    try:
                        call()
                        print(alias, name, "succeeded")
                    except ItemNotFoundException:
                        print(alias, name, "not found")
            raw = p.connect()
            session = p.plain_session(raw)
            print("in GetSecrets:", p.ok(raw, p.ROOT, p.S, "GetSecrets", "aoo", (list(deleted.values()), session))[0])
            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            default delete not found
            default secret not found
            default label not found
            default set label not found
            session delete not found
            session secret not found
            session label not found
            session set label not found
            in GetSecrets: {}

            """)
        // The vault item is in the trash once, restorable.
        #expect(try bus.sesame(["trash", "list", "--json"]).stdout.components(separatedBy: "\"Twice\"").count == 2)
    }

    /// Budgets: arguments far over any real client's are refused before they are copied, naming the limit.
    @Test func argumentsOverTheirBudgetAreRefusedNamingTheLimit() throws {
        let bus = try PrivateBusHarness()
        defer { bus.stop() }
        try bus.makeUnlockedVault()
        try bus.startService()
        let result = try bus.python("""
            import sesame_probe as p
            conn = p.connect()
            session = p.plain_session(conn)
            default = p.ROOT + "/aliases/default"
            def show(name, error, body):
                print(name + ":", error, body[0] if error else "")
            show("secret", *p.call(conn, default, p.C, "CreateItem", "a{sv}(oayays)b",
                 (p.props("big", {}), p.secret(session, b"x" * (1024 * 1024 + 1)), True)))
            show("pairs", *p.call(conn, p.ROOT, p.S, "SearchItems", "a{ss}", ({str(i): "v" for i in range(257)},)))
            show("attribute bytes", *p.call(conn, p.ROOT, p.S, "SearchItems", "a{ss}", ({"k": "v" * 65536},)))
            show("string", *p.call(conn, p.ROOT, p.S, "ReadAlias", "s", ("a" * (64 * 1024 + 1),)))
            show("paths", *p.call(conn, p.ROOT, p.S, "Unlock", "ao", (["/x"] * 65537,)))
            show("properties", *p.call(conn, p.ROOT, p.S, "CreateCollection", "a{sv}s", ({"k%d" % i: ("s", "") for i in range(65)}, "")))
            sessions = [p.call(conn, p.ROOT, p.S, "OpenSession", "sv", ("plain", ("s", "")))[0] for _ in range(255)]
            print("sessions:", sessions.count(None), p.call(conn, p.ROOT, p.S, "OpenSession", "sv", ("plain", ("s", "")))[0])
            print("still serving:", p.ok(conn, p.ROOT, p.S, "ReadAlias", "s", ("default",))[0])
            """, timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            secret: org.freedesktop.DBus.Error.InvalidArgs A secret is longer than the 1 MiB Sesame reads.
            pairs: org.freedesktop.DBus.Error.InvalidArgs The attributes hold more than the 256 pairs Sesame reads.
            attribute bytes: org.freedesktop.DBus.Error.InvalidArgs The attributes are longer than the 64 KiB Sesame reads.
            string: org.freedesktop.DBus.Error.InvalidArgs A string argument is longer than the 64 KiB Sesame reads.
            paths: org.freedesktop.DBus.Error.InvalidArgs The list holds more than the 65536 elements Sesame reads.
            properties: org.freedesktop.DBus.Error.InvalidArgs The properties hold more than the 64 entries Sesame reads.
            sessions: 255 org.freedesktop.DBus.Error.LimitsExceeded
            still serving: /org/freedesktop/secrets/collection/login

            """)
    }
}
