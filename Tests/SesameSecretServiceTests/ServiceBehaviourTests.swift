import Foundation
import Testing

/// The locked vault and its prompt, malformed calls, several clients, --confirm and activation, on a private bus.
@Suite(.serialized) struct ServiceBehaviourTests {
    /// A stand-in pinentry speaking Assuan: answers GETPIN with the master password (or cancels, as a person
    /// closing the dialog does) and CONFIRM as told.
    static func pinentry(confirm: Bool, cancelPassword: Bool = false) -> String {
        let getPin = cancelPassword ? "echo 'ERR 83886179 Operation cancelled'" : "printf 'D %s\\nOK\\n' '\(PrivateBusHarness.masterPassword)'"
        return """
        #!/bin/sh
        echo "OK Pleased to meet you"
        while read -r line; do
          case "$line" in
            GETPIN) \(getPin) ;;
            CONFIRM) \(confirm ? "echo OK" : "echo 'ERR 83886179 Operation cancelled'") ;;
            BYE) echo OK; exit 0 ;;
            *) echo OK ;;
          esac
        done
        """
    }

    @Test func aLockedVaultAnswersIsLockedAndUnlocksThroughThePrompt() throws {
        let bus = try PrivateBusHarness()
        defer { bus.stop() }
        try bus.makeUnlockedVault()
        try bus.installProgram("pinentry", Self.pinentry(confirm: true))
        try bus.startService()
        #expect(try bus.secretTool(["store", "--label=L", "app", "locked-test"], input: "kept").status == 0)
        #expect(try bus.sesame(["lock"]).status == 0)
        let result = try bus.python("""
            import os, sesame_probe as p
            conn = p.connect()
            session = p.plain_session(conn)
            default = p.ROOT + "/aliases/default"
            print("search:", p.ok(conn, p.ROOT, p.S, "SearchItems", "a{ss}", ({"app": "locked-test"},)))
            print("locked:", p.ok(conn, default, p.P, "Get", "ss", (p.C, "Locked"))[0][1])
            print("create:", p.call(conn, default, p.C, "CreateItem", "a{sv}(oayays)b", (p.props("x", {"a": "b"}), p.secret(session, b"v"), True))[0])
            asked = [default, p.ROOT + "/collection/session"]
            unlocked, prompt = p.ok(conn, p.ROOT, p.S, "Unlock", "ao", (asked,))
            print("unlock:", unlocked, prompt.startswith(p.ROOT + "/prompt/"))
            print("completed:", p.prompt_and_wait(conn, prompt))
            print("locked after:", p.ok(conn, default, p.P, "Get", "ss", (p.C, "Locked"))[0][1])
            found = p.ok(conn, p.ROOT, p.S, "SearchItems", "a{ss}", ({"app": "locked-test"},))[0]
            print("secret:", bytes(p.ok(conn, found[0], p.I, "GetSecret", "o", (session,))[0][2]).decode())
            print("unlock again:", p.ok(conn, p.ROOT, p.S, "Unlock", "ao", ([default],)))
            # Locked again, and no pinentry can ask: the prompt is dismissed, not left hanging.
            os.remove(os.environ["HOME"] + "/bin/pinentry")
            p.ok(conn, p.ROOT, p.S, "Lock", "ao", ([default],))
            print("get locked:", p.call(conn, found[0], p.I, "GetSecret", "o", (session,))[0])
            unlocked, prompt = p.ok(conn, p.ROOT, p.S, "Unlock", "ao", ([default],))
            print("dismissed:", p.prompt_and_wait(conn, prompt))
            unlocked, prompt = p.ok(conn, p.ROOT, p.S, "Unlock", "ao", ([found[0]],))
            p.ok(conn, prompt, "org.freedesktop.Secret.Prompt", "Dismiss")
            print("after dismiss:", p.call(conn, prompt, "org.freedesktop.Secret.Prompt", "Prompt", "s", ("",))[0])
            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            search: ([], ['/org/freedesktop/secrets/collection/login/search1'])
            locked: True
            create: org.freedesktop.Secret.Error.IsLocked
            unlock: ['/org/freedesktop/secrets/collection/session'] True
            completed: (False, ('ao', ['/org/freedesktop/secrets/aliases/default']))
            locked after: False
            secret: kept
            unlock again: (['/org/freedesktop/secrets/aliases/default'], '/')
            get locked: org.freedesktop.Secret.Error.IsLocked
            dismissed: (True, ('ao', []))
            after dismiss: org.freedesktop.DBus.Error.UnknownObject

            """)
    }

    /// A locked vault cannot match attributes (they are encrypted), so a search answers one stand-in in `locked`:
    /// libsecret unlocks it through the prompt and then reads the item the search finds. Cancelled, nothing.
    @Test func aLookupInALockedVaultAsksForTheMasterPasswordThenAnswers() throws {
        let bus = try PrivateBusHarness()
        defer { bus.stop() }
        try bus.makeUnlockedVault()
        try bus.installProgram("pinentry", Self.pinentry(confirm: true))
        try bus.startService()
        #expect(try bus.secretTool(["store", "--label=Demo", "service", "demo", "username", "alice"], input: "s3cret").status == 0)
        let stored = try bus.python("""
            import keyring
            keyring.set_password("py-demo", "bob", "py-s3cret")
            """)
        #expect(stored.status == 0, "\(stored.stderr)")

        #expect(try bus.sesame(["lock"]).status == 0)
        let lookup = try bus.secretTool(["lookup", "service", "demo", "username", "alice"])
        #expect(lookup.status == 0, "\(lookup.stderr)")
        #expect(lookup.stdout == "s3cret")

        // Unlocked through the prompt, but nothing matches: no secret, as for an unlocked vault.
        #expect(try bus.sesame(["lock"]).status == 0)
        let missing = try bus.secretTool(["lookup", "service", "demo", "username", "nobody"])
        #expect(missing.status != 0)
        #expect(missing.stdout.isEmpty)

        #expect(try bus.sesame(["lock"]).status == 0)
        let keyring = try bus.python("""
            import keyring
            print(keyring.get_password("py-demo", "bob"))
            """)
        #expect(keyring.status == 0, "\(keyring.stderr)")
        #expect(keyring.stdout == "py-s3cret\n")

        // The person cancels: nothing printed, a failure status, and the vault stays locked.
        #expect(try bus.sesame(["lock"]).status == 0)
        try bus.installProgram("pinentry", Self.pinentry(confirm: true, cancelPassword: true))
        let cancelled = try bus.secretTool(["lookup", "service", "demo", "username", "alice"])
        #expect(cancelled.status != 0)
        #expect(cancelled.stdout.isEmpty)
        let refused = try bus.python("""
            import keyring
            print(keyring.get_password("py-demo", "bob"))
            """)
        #expect(refused.status != 0)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.contains("KeyringLocked"))
        #expect(try bus.sesame(["status", "--json"]).stdout.contains("\"unlocked\" : false"))
    }

    @Test func malformedCallsGetErrorsAndTheServiceKeepsServing() throws {
        let bus = try PrivateBusHarness()
        defer { bus.stop() }
        try bus.makeUnlockedVault()
        try bus.startService()
        let result = try bus.python("""
            import sesame_probe as p
            conn = p.connect()
            dh = "dh-ietf1024-sha256-aes128-cbc-pkcs7"
            checks = [
                ("bogus algorithm", (p.ROOT, p.S, "OpenSession", "sv", ("bogus", ("s", "")))),
                ("plain with bytes", (p.ROOT, p.S, "OpenSession", "sv", ("plain", ("ay", b"x")))),
                ("dh with a string", (p.ROOT, p.S, "OpenSession", "sv", (dh, ("s", "")))),
                ("dh key zero", (p.ROOT, p.S, "OpenSession", "sv", (dh, ("ay", b"\\x00")))),
                ("dh key too long", (p.ROOT, p.S, "OpenSession", "sv", (dh, ("ay", b"\\x01" * 129)))),
                ("wrong signature", (p.ROOT, p.S, "SearchItems", "s", ("x",))),
                ("unknown session", (p.ROOT, p.S, "GetSecrets", "aoo", ([], p.ROOT + "/session/999"))),
                ("unknown method", (p.ROOT, p.S, "Frobnicate", None, ())),
                ("unknown collection", (p.ROOT + "/collection/nope", p.C, "SearchItems", "a{ss}", ({},))),
                ("unknown item", (p.ROOT + "/collection/login/0123456789abcdef0123456789abcdef", p.I, "GetSecret", "o", ("/",))),
                ("unknown alias", (p.ROOT + "/aliases/nope", p.C, "Delete", None, ())),
                ("unknown prompt", (p.ROOT + "/prompt/7", "org.freedesktop.Secret.Prompt", "Prompt", "s", ("",))),
                ("read-only property", (p.ROOT + "/aliases/default", p.P, "Set", "ssv", (p.C, "Locked", ("b", False)))),
                ("unknown property", (p.ROOT, p.P, "Get", "ss", (p.S, "Nope"))),
                ("other collection", (p.ROOT, p.S, "CreateCollection", "a{sv}s", ({}, "work"))),
                ("delete the vault", (p.ROOT + "/aliases/default", p.C, "Delete", None, ())),
            ]
            for name, args in checks:
                print(name + ":", p.call(conn, *args)[0])
            session = p.plain_session(conn)
            default = p.ROOT + "/aliases/default"
            print("label of wrong type:", p.call(conn, default, p.C, "CreateItem", "a{sv}(oayays)b",
                ({"org.freedesktop.Secret.Item.Label": ("i", 3)}, p.secret(session, b"v"), True))[0])
            print("plain with an IV:", p.call(conn, default, p.C, "CreateItem", "a{sv}(oayays)b",
                (p.props("x", {}), (session, b"0123456789abcdef", b"v", "text/plain"), True))[0])
            print("binary into the vault:", p.call(conn, default, p.C, "CreateItem", "a{sv}(oayays)b",
                (p.props("x", {}), p.secret(session, b"\\xff\\xfe"), True))[0])
            item = p.ok(conn, default, p.C, "CreateItem", "a{sv}(oayays)b", (p.props("ok", {"k": "v"}), p.secret(session, b"fine"), True))[0]
            p.ok(conn, session, "org.freedesktop.Secret.Session", "Close")
            print("closed session:", p.call(conn, item, p.I, "GetSecret", "o", (session,))[0])
            # Another connection cannot use this connection's session.
            mine = p.plain_session(conn)
            other = p.connect()
            print("someone else's session:", p.call(other, item, p.I, "GetSecret", "o", (mine,))[0])
            print("still serving:", bytes(p.ok(conn, item, p.I, "GetSecret", "o", (mine,))[0][2]).decode())
            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            bogus algorithm: org.freedesktop.DBus.Error.NotSupported
            plain with bytes: org.freedesktop.DBus.Error.InvalidArgs
            dh with a string: org.freedesktop.DBus.Error.InvalidArgs
            dh key zero: org.freedesktop.DBus.Error.InvalidArgs
            dh key too long: org.freedesktop.DBus.Error.InvalidArgs
            wrong signature: org.freedesktop.DBus.Error.InvalidArgs
            unknown session: org.freedesktop.Secret.Error.NoSession
            unknown method: org.freedesktop.DBus.Error.UnknownMethod
            unknown collection: org.freedesktop.DBus.Error.UnknownObject
            unknown item: org.freedesktop.Secret.Error.NoSuchObject
            unknown alias: org.freedesktop.DBus.Error.UnknownObject
            unknown prompt: org.freedesktop.DBus.Error.UnknownObject
            read-only property: org.freedesktop.DBus.Error.PropertyReadOnly
            unknown property: org.freedesktop.DBus.Error.UnknownProperty
            other collection: org.freedesktop.DBus.Error.NotSupported
            delete the vault: org.freedesktop.DBus.Error.AccessDenied
            label of wrong type: org.freedesktop.DBus.Error.InvalidArgs
            plain with an IV: org.freedesktop.DBus.Error.InvalidArgs
            binary into the vault: org.freedesktop.DBus.Error.InvalidArgs
            closed session: org.freedesktop.Secret.Error.NoSession
            someone else's session: org.freedesktop.Secret.Error.NoSession
            still serving: fine

            """)
        #expect(try bus.secretTool(["store", "--label=after", "k", "after"], input: "alive").status == 0)
    }

    @Test func twoClientsAtOnceEachGetTheirOwnSecrets() throws {
        let bus = try PrivateBusHarness()
        defer { bus.stop() }
        try bus.makeUnlockedVault()
        try bus.startService()
        // Two processes, each with its own bus connection and DH session, storing and reading at the same time.
        let result = try bus.python("""
            import subprocess, sys
            client = '''
            import secretstorage, sys
            name = sys.argv[1]
            conn = secretstorage.dbus_init()
            collection = secretstorage.get_default_collection(conn)
            for i in range(10):
                collection.create_item("%s %d" % (name, i), {"client": name, "n": str(i)}, ("%s-%d" % (name, i)).encode(), replace=True)
            bad = [i for i in range(10) if next(collection.search_items({"client": name, "n": str(i)})).get_secret() != ("%s-%d" % (name, i)).encode()]
            print(name, len(list(collection.search_items({"client": name}))), bad)
            '''
            runs = [subprocess.Popen([sys.executable, "-c", client, name], stdout=subprocess.PIPE, text=True) for name in ("one", "two")]
            for run in runs:
                out, _ = run.communicate(timeout=60)
                print(out.strip(), run.returncode)
            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "one 10 [] 0\ntwo 10 [] 0\n")
    }

    @Test func confirmRefusesAProgramUntilThePersonAllowsIt() throws {
        let bus = try PrivateBusHarness()
        defer { bus.stop() }
        try bus.makeUnlockedVault()
        try bus.installProgram("pinentry", Self.pinentry(confirm: false))
        try bus.startService(["--confirm"])
        #expect(try bus.secretTool(["store", "--label=c", "app", "confirm"], input: "guarded").status == 0)
        let denied = try bus.secretTool(["lookup", "app", "confirm"])
        #expect(denied.status != 0)
        #expect(denied.stdout.isEmpty)
        let clients = try bus.sesame(["secret-service", "clients", "--json"])
        #expect(clients.status == 0)
        #expect(clients.stdout.contains("\"program\" : \"/usr/bin/secret-tool\""))
        #expect(clients.stdout.contains("\"allowed\" : false"))
        // Refused without asking again; then forgotten, asked again, and allowed.
        #expect(try bus.secretTool(["lookup", "app", "confirm"]).stdout.isEmpty)
        #expect(try bus.sesame(["secret-service", "clients", "--revoke", "/usr/bin/secret-tool"]).status == 0)
        try bus.installProgram("pinentry", Self.pinentry(confirm: true))
        #expect(try bus.secretTool(["lookup", "app", "confirm"]).stdout == "guarded")
        #expect(try bus.sesame(["secret-service", "clients", "--json"]).stdout.contains("\"allowed\" : true"))
    }

    @Test func setupInstallsAnActivationFileTheBusStartsSesameFrom() throws {
        let bus = try PrivateBusHarness()
        defer { bus.stop() }
        try bus.makeUnlockedVault()
        let setup = try bus.sesame(["setup", "secret-service"])
        #expect(setup.status == 0, "\(setup.stderr)")
        let file = bus.home + "/data/dbus-1/services/org.freedesktop.secrets.service"
        let contents = try String(contentsOfFile: file, encoding: .utf8)
        #expect(contents.contains("Exec=" + PrivateBusHarness.executable("sesame-secret-service")))
        // No service is running: the bus starts it for the first client.
        _ = try bus.run("/usr/bin/dbus-send", ["--session", "--type=method_call", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.ReloadConfig"])
        #expect(try bus.secretTool(["store", "--label=a", "k", "activated"], input: "on demand").status == 0)
        #expect(try bus.secretTool(["lookup", "k", "activated"]).stdout == "on demand")
        #expect(try bus.sesame(["setup", "secret-service", "--undo"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(try bus.sesame(["setup", "secret-service", "--undo"]).stdout.contains("had no activation file"))
    }
}
