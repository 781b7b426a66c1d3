import Foundation
import Testing

/// Python keyring and SecretStorage (Debian's python3-keyring, python3-secretstorage) against the service: DH
/// sessions (their default), plain sessions, the `session` collection and aliases.
@Suite(.serialized) struct PythonClientTests {
    @Test func keyringSetsGetsAndDeletesOverDH() throws {
        let bus = try PrivateBusHarness()
        defer { bus.stop() }
        try bus.makeUnlockedVault()
        try bus.startService()
        let result = try bus.python("""
            import keyring
            keyring.set_password("sesame-test", "alice", "py-s3cret")
            print("get:", keyring.get_password("sesame-test", "alice"))
            keyring.set_password("sesame-test", "alice", "py-n3w")
            print("again:", keyring.get_password("sesame-test", "alice"))
            keyring.delete_password("sesame-test", "alice")
            print("deleted:", keyring.get_password("sesame-test", "alice"))
            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "get: py-s3cret\nagain: py-n3w\ndeleted: None\n")
    }

    @Test func secretStorageUsesDHAndPlainSessionsAlike() throws {
        let bus = try PrivateBusHarness()
        defer { bus.stop() }
        try bus.makeUnlockedVault()
        try bus.startService()
        let result = try bus.python("""
            import secretstorage, sesame_probe as p
            conn = secretstorage.dbus_init()
            collection = secretstorage.get_default_collection(conn)
            print("path:", collection.collection_path)
            item = collection.create_item("DH item", {"app": "probe", "user": "u1"}, b"dh-secret \\xc3\\xa9", replace=True)
            print("dh:", item.get_secret().decode())
            found = list(collection.search_items({"app": "probe"}))
            print("found:", len(found), found[0].get_label(), found[0].get_attributes()["user"])
            item.set_label("Renamed")
            item.set_attributes({"app": "probe", "user": "u2"})
            print("renamed:", item.get_label(), sorted(item.get_attributes().items()))
            item.set_secret(b"changed")
            print("changed:", item.get_secret().decode())
            # The same item through a plain session, by raw calls.
            raw = p.connect()
            session = p.plain_session(raw)
            secrets = p.ok(raw, p.ROOT, p.S, "GetSecrets", "aoo", ([item.item_path], session))[0]
            print("plain:", bytes(secrets[item.item_path][2]).decode(), secrets[item.item_path][1] == b"")
            # The in-memory session collection.
            session_collection = secretstorage.Collection(conn, "/org/freedesktop/secrets/aliases/session")
            memory = session_collection.create_item("Memory", {"k": "v"}, b"\\x00\\x01binary", content_type="application/octet-stream")
            print("memory:", memory.get_secret() == b"\\x00\\x01binary", memory.get_secret_content_type(), memory.item_path)
            print("collections:", sorted(c.collection_path for c in secretstorage.get_all_collections(conn)))
            item.delete()
            print("after delete:", len(list(collection.search_items({"app": "probe"}))))
            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            path: /org/freedesktop/secrets/aliases/default
            dh: dh-secret é
            found: 1 DH item u1
            renamed: Renamed [('app', 'probe'), ('user', 'u2')]
            changed: changed
            plain: changed True
            memory: True application/octet-stream /org/freedesktop/secrets/collection/session/1
            collections: ['/org/freedesktop/secrets/collection/login', '/org/freedesktop/secrets/collection/session']
            after delete: 0

            """)
    }
}
