"""Protocol scenarios against sesame-browser-host and a running agent, played from the extension's side.

Usage: protocol_scenarios.py SCENARIO   (environment: SESAME_BIN, the build folder; HOME and XDG_* of a test home
whose vault holds the items BrowserProtocolTests adds). Exits 0 when every check holds, else prints the failure."""

import base64
import json
import os
import subprocess
import sys
import time

from nacl.public import Box, PrivateKey, PublicKey
from nacl.utils import random as random_bytes

import fake_pinentry
from browser_client import HostClient, b64, increment

BIN = os.environ["SESAME_BIN"]
HOST = os.path.join(BIN, "sesame-browser-host")


def sesame(*args, input_text=""):
    return subprocess.run([os.path.join(BIN, "sesame"), *args], capture_output=True, text=True, input=input_text,
                          env=dict(os.environ), timeout=60)


def expect_error(reply, code, action=None):
    assert reply.get("errorCode") == str(code), "expected error %s, got %r" % (code, reply)
    assert "nonce" not in reply and "message" not in reply, reply
    if action:
        assert reply.get("action") == action, reply


def new_id_key():
    return b64(bytes(PrivateKey.generate().public_key))


def wait_pending(count=1, timeout=10):
    deadline = time.time() + timeout
    while time.time() < deadline:
        result = sesame("browser", "pending", "--json")
        assert result.returncode == 0, result.stderr
        pending = json.loads(result.stdout)
        if len(pending) >= count:
            return pending
        time.sleep(0.05)
    raise AssertionError("no association request appeared")


def associate(client, name="firefox-test"):
    id_key = new_id_key()
    nonce = client.send("associate", {"key": b64(bytes(client.client_key.public_key)), "idKey": id_key})
    request = wait_pending()[0]
    assert request["origin"] == "keepassxc-browser@keepassxc.org", request
    assert len(request["code"]) == 6 and len(request["fingerprint"].split(":")) == 8, request
    allowed = sesame("browser", "allow", request["code"], "--name", name)
    assert allowed.returncode == 0, allowed.stderr
    reply = client.result("associate", nonce)
    assert reply["id"] == name and len(reply["hash"]) == 64, reply
    return {"id": name, "key": id_key}, reply["hash"]


def every_action():
    client = HostClient(HOST, dict(os.environ))
    client.change_keys()
    hash_reply = client.call("get-databasehash")
    key, database_hash = associate(client)
    assert hash_reply["hash"] == database_hash
    # The hash is the vault's: a second host process reports the same.
    other = HostClient(HOST, dict(os.environ))
    other.change_keys()
    assert other.call("get-databasehash")["hash"] == database_hash
    assert other.close() == 0

    tested = client.call("test-associate", {"id": key["id"], "key": key["key"]})
    assert tested["id"] == key["id"] and tested["hash"] == database_hash, tested
    expect_error(client.call("test-associate", {"id": key["id"], "key": new_id_key()}), 8, "test-associate")

    logins = client.call("get-logins", {"url": "https://b.example.com/login", "submitUrl": "https://b.example.com/session",
                                        "keys": [{"id": "other", "key": new_id_key()}, key]})
    assert logins["count"] == 1 and logins["id"] == key["id"] and logins["hash"] == database_hash, logins
    entry = logins["entries"][0]
    assert (entry["login"], entry["password"], entry["name"]) == ("alice", "s3cret-P@ss", "Example B"), entry
    assert len(entry["uuid"]) == 32 and all(c in "0123456789abcdef" for c in entry["uuid"]), entry
    # b.example.com never fills ab.example.com; an https login never goes to an http form.
    expect_error(client.call("get-logins", {"url": "https://ab.example.com/", "keys": [key]}), 15, "get-logins")
    expect_error(client.call("get-logins", {"url": "http://b.example.com/", "keys": [key]}), 15)
    expect_error(client.call("get-logins", {"url": "https://b.example.com/", "keys": [{"id": key["id"], "key": new_id_key()}]}), 8)
    expect_error(client.call("get-logins", {"keys": [key]}), 14)
    basic = client.call("get-logins", {"url": "https://b.example.com/", "httpAuth": "true", "keys": [key]})
    assert basic["entries"][0]["uuid"] == entry["uuid"], basic

    saved = client.call("set-login", {"url": "https://new.example.org/login", "submitUrl": "https://new.example.org/s",
                                      "id": key["id"], "login": "bob", "password": "n3w-pw"})
    assert saved["error"] == "success" and saved["hash"] == database_hash, saved
    fresh = client.call("get-logins", {"url": "https://new.example.org/", "keys": [key]})
    assert [(e["login"], e["password"]) for e in fresh["entries"]] == [("bob", "n3w-pw")], fresh
    updated = client.call("set-login", {"url": "https://b.example.com/", "id": key["id"], "login": "alice",
                                        "password": "changed", "uuid": entry["uuid"]})
    assert updated["error"] == "success", updated
    again = client.call("get-logins", {"url": "https://b.example.com/", "keys": [key]})
    assert again["entries"][0]["password"] == "changed", again
    # An entry of another site cannot be changed through this page, and bad uuids are refused.
    expect_error(client.call("set-login", {"url": "https://new.example.org/", "id": key["id"], "login": "x",
                                           "password": "y", "uuid": entry["uuid"]}), 18)
    expect_error(client.call("set-login", {"url": "https://b.example.com/", "id": key["id"], "login": "x",
                                           "password": "y", "uuid": "not-a-uuid"}), 18)
    expect_error(client.call("set-login", {"url": "https://b.example.com/", "id": "never-associated", "login": "x",
                                           "password": "y"}), 8)

    generated = client.call("generate-password", extra={"requestID": "5ab1c2d3"})
    assert len(generated["password"]) == 20, generated
    groups = client.call("get-database-groups")
    assert groups["groups"]["groups"][0]["name"] == "Sesame", groups
    expect_error(client.call("create-new-group", {"groupName": "Work"}), 17)
    expect_error(client.call("get-totp", {"uuid": entry["uuid"]}), 15)
    expect_error(client.call("get-totp", {"uuid": "xyz"}), 18)
    started = client.call("request-autotype", {"search": "example.com"})
    assert set(started) == {"nonce", "success", "version"}, started
    expect_error(client.call("request-autotype", {}), 14)
    client.send_plain({"action": "delete-everything", "nonce": b64(random_bytes(24))})
    expect_error(client.wait_for(lambda r: r.get("action") == "delete-everything"), 12)

    listed = sesame("browser", "list", "--json")
    assert listed.returncode == 0, listed.stderr
    association = json.loads(listed.stdout)[0]
    assert association["name"] == key["id"] and association["created"] and association["lastUsed"], association

    locked = client.call("lock-database")
    assert set(locked) == {"nonce", "success", "version"}, locked
    expect_error(client.call("get-databasehash"), 1, "get-databasehash")
    expect_error(client.call("get-logins", {"url": "https://b.example.com/", "keys": [key]}), 1)
    assert client.close() == 0


def deny_and_revoke():
    client = HostClient(HOST, dict(os.environ))
    client.change_keys()
    nonce = client.send("associate", {"key": b64(bytes(client.client_key.public_key)), "idKey": new_id_key()})
    request = wait_pending()[0]
    assert sesame("browser", "deny", request["code"]).returncode == 0
    expect_error(client.result("associate", nonce), 6, "associate")
    assert json.loads(sesame("browser", "pending", "--json").stdout) == []
    unknown = sesame("browser", "allow", "ZZZZZZ", "--name", "x")
    assert unknown.returncode == 1 and "No association request" in unknown.stderr, unknown

    key, _ = associate(client, "to-revoke")
    assert client.call("get-logins", {"url": "https://b.example.com/", "keys": [key]})["count"] == 1
    revoked = sesame("browser", "revoke", "to-revoke")
    assert revoked.returncode == 0, revoked.stderr
    expect_error(client.call("get-logins", {"url": "https://b.example.com/", "keys": [key]}), 8)
    expect_error(client.call("test-associate", key), 8)
    assert client.close() == 0


def locked_vault():
    client = HostClient(HOST, dict(os.environ))
    client.change_keys()  # works while locked
    started = time.time()
    expect_error(client.call("get-databasehash"), 1)
    expect_error(client.call("associate", {"key": "x", "idKey": new_id_key()}), 1)
    expect_error(client.call("get-logins", {"url": "https://b.example.com/", "keys": []}), 1)
    expect_error(client.call("generate-password", extra={"requestID": "r1"}), 1)
    expect_error(client.call("request-autotype", {"search": "example.com"}), 1)
    assert time.time() - started < 5, "a locked vault must answer at once"
    assert client.close() == 0


def pipelined():
    client = HostClient(HOST, dict(os.environ))
    client.change_keys()
    key, database_hash = associate(client, "first")
    held = client.send("associate", {"key": b64(bytes(client.client_key.public_key)), "idKey": new_id_key()})
    nonces = [client.send("get-databasehash") for _ in range(5)]
    nonces += [client.send("get-logins", {"url": "https://b.example.com/", "keys": [key]}) for _ in range(3)]
    # Everything sent after the held associate is answered before it, each by its own nonce.
    for nonce in reversed(nonces):
        action = "get-logins" if nonce in nonces[5:] else "get-databasehash"
        reply = client.result(action, nonce)
        assert reply.get("hash") == database_hash, reply
    request = wait_pending()[0]
    assert sesame("browser", "allow", request["code"], "--name", "second").returncode == 0
    assert client.result("associate", held)["id"] == "second"
    assert client.close() == 0


def crypto_failures():
    client = HostClient(HOST, dict(os.environ))
    expect_error(_before_keys(client), 3)
    client.send_plain({"action": "change-public-keys", "publicKey": "short", "nonce": b64(random_bytes(24))})
    expect_error(client.wait_for(lambda r: r.get("action") == "change-public-keys"), 9)
    first_host_key = client.change_keys()["publicKey"]
    assert client.change_keys()["publicKey"] != first_host_key, "a new key pair per change-public-keys"

    # A bad MAC.
    envelope, _ = client.encrypt("get-databasehash", {})
    box = bytearray(base64.b64decode(envelope["message"]))
    box[3] ^= 0x40
    envelope["message"] = b64(bytes(box))
    client.send_plain(envelope)
    expect_error(client.wait_for(lambda r: r.get("action") == "get-databasehash"), 4)

    # A replayed request: the first is answered, the copy refused.
    envelope, nonce = client.encrypt("get-databasehash", {})
    client.send_plain(envelope)
    client.send_plain(envelope)
    expect_error(client.wait_for(lambda r: r.get("action") == "get-databasehash" and "errorCode" in r), 4)
    client.result("get-databasehash", nonce)  # decrypts: the vault is unlocked in this scenario

    # A key the host never received.
    stranger = Box(PrivateKey.generate(), PublicKey(client.host_key))
    envelope, _ = client.encrypt("get-databasehash", {}, box=stranger)
    client.send_plain(envelope)
    expect_error(client.wait_for(lambda r: r.get("action") == "get-databasehash"), 4)

    # Not JSON, and an empty message.
    client.write_raw(b"not json")
    expect_error(client.wait_for(lambda r: r.get("errorCode") == "13"), 13)
    client.send_plain({"action": "get-logins", "nonce": b64(random_bytes(24))})
    expect_error(client.wait_for(lambda r: r.get("action") == "get-logins"), 13)
    assert client.close() == 0

    # A length over 1 MiB ends the host with an error status.
    broken = HostClient(HOST, dict(os.environ))
    broken.process.stdin.write((2 * 1024 * 1024).to_bytes(4, "little"))
    broken.process.stdin.flush()
    assert broken.close() == 1


def oathtool(*args):
    # `--totp` alone is SHA-1; `--totp=sha256` must replace it, not follow it.
    args = args if any(a.startswith("--totp") for a in args) else ("--totp", *args)
    return subprocess.run(["oathtool", *args], capture_output=True, text=True, check=True).stdout.strip()


def add_with_code(title, url, uri):
    added = sesame("add", title, "--username", "carol", "--url", url, "--otp", "--password-stdin",
                   input_text="pw-" + title + "\n" + uri + "\n")
    assert added.returncode == 0, added.stderr


def expect_code(reply_code, *oathtool_args):
    # The code may roll over between the two reads: either side of the step is the right one.
    before = oathtool(*oathtool_args)
    after = oathtool(*oathtool_args)
    assert reply_code in (before, after), "got %r, oathtool says %r/%r" % (reply_code, before, after)


def one_time_codes():
    secret = "JBSWY3DPEHPK3PXP"
    add_with_code("Plain", "https://totp.example.org", secret)
    add_with_code("Strong", "https://strong.example.org",
                  "otpauth://totp/Strong:carol?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&algorithm=SHA256&digits=8&period=60")
    client = HostClient(HOST, dict(os.environ))
    client.change_keys()
    key, _ = associate(client, "codes")

    # get-logins carries the current code as `totp`, as KeePassXC does, so the extension offers it.
    plain = client.call("get-logins", {"url": "https://totp.example.org/login", "keys": [key]})["entries"][0]
    expect_code(plain["totp"], "-b", secret)
    strong = client.call("get-logins", {"url": "https://strong.example.org/", "keys": [key]})["entries"][0]
    expect_code(strong["totp"], "--totp=sha256", "--digits=8", "--time-step-size=60s", "-b",
                "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ")
    without = client.call("get-logins", {"url": "https://b.example.com/", "keys": [key]})["entries"][0]
    assert "totp" not in without, without

    # get-totp: the right code for each, computed in the agent.
    expect_code(client.call("get-totp", {"uuid": plain["uuid"]})["totp"], "-b", secret)
    expect_code(client.call("get-totp", {"uuid": strong["uuid"]})["totp"], "--totp=sha256", "--digits=8",
                "--time-step-size=60s", "-b", "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ")
    # A login without a code: no logins (15), as for a page without logins.
    expect_error(client.call("get-totp", {"uuid": without["uuid"]}), 15, "get-totp")
    # Unknown uuids: malformed, never offered in this session, or a real item get-logins never offered.
    expect_error(client.call("get-totp", {"uuid": "xyz"}), 18)
    expect_error(client.call("get-totp", {"uuid": "0" * 32}), 18)
    listed = json.loads(sesame("list", "--json").stdout)
    elsewhere = next(item["id"] for item in listed if item["title"] == "Elsewhere").replace("-", "").lower()
    expect_error(client.call("get-totp", {"uuid": elsewhere}), 18)
    # Another session (new keys) knows none of the uuids the first was offered.
    other = HostClient(HOST, dict(os.environ))
    other.change_keys()
    expect_error(other.call("get-totp", {"uuid": plain["uuid"]}), 18)
    assert other.close() == 0
    # An association revoked meanwhile gets nothing, although its session was offered the login.
    assert sesame("browser", "revoke", "codes").returncode == 0
    expect_error(client.call("get-totp", {"uuid": plain["uuid"]}), 8)
    key, _ = associate(client, "codes-again")
    client.call("get-logins", {"url": "https://totp.example.org/login", "keys": [key]})
    expect_code(client.call("get-totp", {"uuid": plain["uuid"]})["totp"], "-b", secret)
    # A locked vault answers error 1 at once.
    assert sesame("lock").returncode == 0
    started = time.time()
    expect_error(client.call("get-totp", {"uuid": plain["uuid"]}), 1)
    assert time.time() - started < 5
    assert client.close() == 0


def hostile_pages():
    """The attacks of issue 22, as the extension sends them: a page chooses its form's action (the extension's
    `submitUrl`), and every page load asks for logins. None may reach another site's login or code."""
    add_with_code("GitHub", "https://github.com", "JBSWY3DPEHPK3PXP")  # user carol, password pw-GitHub
    client = HostClient(HOST, dict(os.environ))
    client.change_keys()
    key, _ = associate(client, "hostile")
    action = "https://github.com/session"
    # A page on another site, GitHub over http, and pages that are no web pages, each with GitHub's action.
    for page in ("https://evil.example/login", "http://github.com/", "data:text/html,<form action=x>",
                 "file:///tmp/login.html", "about:blank"):
        expect_error(client.call("get-logins", {"url": page, "submitUrl": action, "keys": [key]}), 15, "get-logins")
    # GitHub's own page still gets its login and code; an http action takes the https login away.
    own = client.call("get-logins", {"url": "https://github.com/login", "submitUrl": action, "keys": [key]})
    assert [(e["login"], e["password"]) for e in own["entries"]] == [("carol", "pw-GitHub")], own
    assert "totp" in own["entries"][0], own
    github = own["entries"][0]["uuid"]
    expect_error(client.call("get-logins", {"url": "https://github.com/login", "submitUrl": "http://github.com/session",
                                            "keys": [key]}), 15)

    # get-totp: a session that only visited evil.example gets no code for GitHub's uuid.
    evil = HostClient(HOST, dict(os.environ))
    evil.change_keys()
    assert evil.call("test-associate", key)["id"] == key["id"]
    expect_error(evil.call("get-logins", {"url": "https://evil.example/login", "submitUrl": action, "keys": [key]}), 15)
    expect_error(evil.call("get-totp", {"uuid": github}), 18, "get-totp")

    # set-login may touch only a login the same page could be given.
    for page, target in (("https://evil.example/", action), ("http://github.com/", action),
                         ("data:text/html,<form>", action), ("about:blank", action)):
        reply = evil.call("set-login", {"url": page, "submitUrl": target, "id": key["id"], "login": "mallory",
                                        "password": "owned", "uuid": github})
        assert "errorCode" in reply, (page, reply)
    # A non-web page cannot add a login either.
    assert "errorCode" in evil.call("set-login", {"url": "data:text/html,x", "id": key["id"], "login": "m", "password": "p"})
    again = client.call("get-logins", {"url": "https://github.com/login", "keys": [key]})
    assert [(e["login"], e["password"]) for e in again["entries"]] == [("carol", "pw-GitHub")], again
    titles = [item["title"] for item in json.loads(sesame("list", "--json").stdout)]
    assert sorted(titles) == ["Elsewhere", "Example B", "GitHub"], titles
    assert evil.close() == 0
    assert client.close() == 0


def wait_pending_from(origin, timeout=10):
    deadline = time.time() + timeout
    while time.time() < deadline:
        mine = [r for r in json.loads(sesame("browser", "pending", "--json").stdout) if r["origin"] == origin]
        if mine:
            return mine
        time.sleep(0.05)
    raise AssertionError("no association request from %s appeared" % origin)


def association_slots():
    """Issue 22: any local process can start the host. It gets no Auto-Type without an association, and its
    association requests cannot keep the browser's own from waiting for the user."""
    stranger = HostClient(HOST, dict(os.environ), args=("/tmp/m.json", "stranger"))
    stranger.change_keys()
    expect_error(stranger.call("request-autotype", {"search": "example.com"}), 8, "request-autotype")

    # Eight processes each leave a request waiting, as a flood would; one of them asks twice.
    flood = []
    for index in range(8):
        client = HostClient(HOST, dict(os.environ), args=("/tmp/m.json", "flood-%d" % index))
        client.change_keys()
        client.send("associate", {"key": b64(bytes(client.client_key.public_key)), "idKey": new_id_key()})
        flood.append(client)
    wait_pending(8)
    # One host holds one request: a second is refused at once while the first waits (the agent keeps one per
    # process too), so still eight wait, one per process.
    flood[0].send("associate", {"key": b64(bytes(flood[0].client_key.public_key)), "idKey": new_id_key()})
    expect_error(flood[0].wait_for(lambda r: r.get("action") == "associate" and "errorCode" in r), 6)
    pending = json.loads(sesame("browser", "pending", "--json").stdout)
    assert sorted(r["origin"] for r in pending) == sorted("flood-%d" % i for i in range(8)), pending

    # The browser's own request still gets a place (the oldest request gives way) and is allowed.
    browser = HostClient(HOST, dict(os.environ))
    browser.change_keys()
    held = browser.send("associate", {"key": b64(bytes(browser.client_key.public_key)), "idKey": new_id_key()})
    request = wait_pending_from("keepassxc-browser@keepassxc.org")[0]
    assert len(json.loads(sesame("browser", "pending", "--json").stdout)) == 8
    assert sesame("browser", "allow", request["code"], "--name", "real").returncode == 0
    assert browser.result("associate", held)["id"] == "real"
    assert browser.call("request-autotype", {"search": "example.com"}) is not None

    # Requests of processes that went away are withdrawn at once, not after five minutes.
    for client in flood:
        client.close()
    deadline = time.time() + 5
    while json.loads(sesame("browser", "pending", "--json").stdout) and time.time() < deadline:
        time.sleep(0.1)
    assert json.loads(sesame("browser", "pending", "--json").stdout) == []
    assert stranger.close() == 0 and browser.close() == 0


def _before_keys(client):
    client.send_plain({"action": "get-databasehash", "message": "AAAA", "nonce": b64(random_bytes(24))})
    return client.wait_for(lambda r: r.get("action") == "get-databasehash")


RELYING_PARTY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "SesamePasskeysTests", "Scripts",
                             "relying_party.py")


def b64u(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def b64u_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def creation_options(challenge, user_id, name, rp_id=None, algorithms=(-7, -257), exclude=(), verification="preferred"):
    """The `publicKey` of passkeys-register as KeePassXC-Browser 1.9 builds it (buildCredentialCreationOptions)."""
    rp = {"name": "Example"}
    if rp_id is not None:
        rp["id"] = rp_id
    return {"attestation": "none", "authenticatorSelection": {"userVerification": verification},
            "challenge": b64u(challenge), "extensions": {},
            "pubKeyCredParams": [{"type": "public-key", "alg": alg} for alg in algorithms], "rp": rp,
            "timeout": 30000, "excludeCredentials": [{"id": c, "type": "public-key"} for c in exclude],
            "user": {"id": b64u(user_id), "name": name, "displayName": name.title()}}


def request_options(challenge, rp_id=None, allow=(), verification="preferred"):
    """The `publicKey` of passkeys-get (buildCredentialRequestOptions)."""
    options = {"challenge": b64u(challenge), "enterpriseAttestationPossible": False, "extensions": {},
               "timeout": 30000, "userVerification": verification,
               "allowCredentials": [{"id": c, "type": "public-key", "transports": ["internal"]} for c in allow]}
    if rp_id is not None:
        options["rpId"] = rp_id
    return options


def expect_passkey_error(reply, code):
    """Refusals are answered inside the encrypted reply, as KeePassXC's getPasskeyError does."""
    assert reply.get("response", {}).get("errorCode") == code, "expected passkey error %s, got %r" % (code, reply)


def verified_by_relying_parties(cases):
    """py_webauthn and python-fido2 (relying_party.py) must accept every registration and sign-in."""
    # The interpreter with the relying-party libraries (pip's), which need not be the one with python3-nacl.
    python = os.environ.get("RELYING_PARTY_PYTHON") or sys.executable
    result = subprocess.run([python, RELYING_PARTY], input=json.dumps({"cases": cases}), capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    results = json.loads(result.stdout)["results"]
    for case in cases:
        for library in ("webauthn", "fido2"):
            verdict = results[case["name"]][library]
            assert verdict["registration"] == "ok", (case["name"], library, verdict)
            assert verdict["assertions"] == ["ok"] * len(case["assertions"]), (case["name"], library, verdict)


def register(client, key, origin, options):
    # 1.9.7 also sends its setting "Default group for saving new passkeys" (empty unless set); Sesame has no groups.
    return client.call("passkeys-register", {"publicKey": options, "origin": origin, "groupName": "",
                                             "keys": [key]})


def sign_in(client, key, origin, options):
    return client.call("passkeys-get", {"publicKey": options, "origin": origin, "keys": [key]})


def passkeys():
    """passkeys-register then passkeys-get through the host, as the extension sends them; the page's server side
    is py_webauthn and python-fido2. Then every refusal with KeePassXC's code, and the person's confirmation
    (user presence) through pinentry: asked once per request the vault would do, with what it would do; a no, a
    timeout or no pinentry at all is error 22 and changes nothing."""
    pinentry = fake_pinentry.install(os.path.join(os.environ["HOME"], "pinentry"))
    asked = lambda: fake_pinentry.questions(pinentry["FAKE_PINENTRY_LOG"])
    answer = lambda word: fake_pinentry.set_answer(pinentry["FAKE_PINENTRY_ANSWER"], word)
    client = HostClient(HOST, dict(os.environ, **pinentry))
    client.change_keys()
    key, _ = associate(client)
    cases = []
    for name, origin, rp_id in (("site", "https://alice.example.com", "example.com"),
                                ("local", "http://localhost:8080", None)):
        challenge, user_id = random_bytes(32), random_bytes(16)
        before = len(asked())
        created = register(client, key, origin, creation_options(challenge, user_id, "alice", rp_id))["response"]
        question = asked()[before:]
        assert len(question) == 1, question
        assert question[0].startswith("%s asks Sesame to create a passkey for \u201calice\u201d on %s." % (
            origin, rp_id or "localhost")), question
        assert created["type"] == "public-key" and created["id"] == created["rawId"], created
        assert created["authenticatorAttachment"] == "platform" and created["response"]["publicKeyAlgorithm"] == -7
        client_data = json.loads(b64u_decode(created["response"]["clientDataJSON"]))
        assert client_data == {"type": "webauthn.create", "challenge": b64u(challenge), "origin": origin,
                               "crossOrigin": False}, client_data
        assertions = []
        # Once naming the credential, once discoverable (no allow list).
        for allow in ([created["id"]], []):
            get_challenge = random_bytes(32)
            before = len(asked())
            signed = sign_in(client, key, origin, request_options(get_challenge, rp_id, allow))["response"]
            question = asked()[before:]
            assert len(question) == 1 and question[0].startswith(
                "%s asks to sign in with your passkey for \u201calice\u201d on %s." % (origin, rp_id or "localhost")), (
                question, signed, open(pinentry["FAKE_PINENTRY_LOG"]).read()[-600:])
            assert signed["id"] == created["id"] and signed["response"]["userHandle"] == b64u(user_id), signed
            assert json.loads(b64u_decode(signed["response"]["clientDataJSON"]))["type"] == "webauthn.get"
            assertions.append({"challenge": b64u(get_challenge), **{k: signed["response"][k] for k in (
                "clientDataJSON", "authenticatorData", "signature", "userHandle")}})
        cases.append({"name": name, "rpId": rp_id or "localhost", "origin": origin, "credentialId": created["id"],
                      "registration": {"challenge": b64u(challenge),
                                       "clientDataJSON": created["response"]["clientDataJSON"],
                                       "attestationObject": created["response"]["attestationObject"]},
                      "assertions": assertions})
    verified_by_relying_parties(cases)

    # Kept in a login titled by the relying party, its use recorded; no private key in any reply above.
    listing = json.loads(sesame("passkey", "list", "--json").stdout)
    site = [entry for entry in listing if entry["passkey"]["relyingParty"] == "example.com"]
    assert len(site) == 1 and site[0]["title"] == "example.com" and site[0]["passkey"]["userName"] == "alice", listing
    assert site[0]["passkey"].get("lastUsed") is not None, site

    origin, challenge = "https://alice.example.com", random_bytes(32)
    # Nothing below that the vault refuses asks the person anything.
    before = len(asked())
    # An excluded credential (the site holds one of this vault already).
    expect_passkey_error(register(client, key, origin, creation_options(
        challenge, random_bytes(16), "alice", "example.com", exclude=[cases[0]["credentialId"]])), 21)
    # No ES256 among the site's algorithms.
    expect_passkey_error(register(client, key, origin, creation_options(
        challenge, random_bytes(16), "bob", "example.com", algorithms=(-257, -8))), 29)
    # A public suffix (github.io's private section) and another site as relying party id.
    expect_passkey_error(register(client, key, "https://alice.github.io", creation_options(
        challenge, random_bytes(16), "alice", "github.io")), 28)
    expect_passkey_error(register(client, key, origin, creation_options(
        challenge, random_bytes(16), "alice", "other.com")), 28)
    expect_passkey_error(sign_in(client, key, origin, request_options(challenge, "other.com")), 28)
    # http that is not localhost, and no origin at all.
    expect_passkey_error(register(client, key, "http://alice.example.com", creation_options(
        challenge, random_bytes(16), "alice", "example.com")), 26)
    expect_passkey_error(register(client, key, "", creation_options(challenge, random_bytes(16), "alice")), 25)
    # A short challenge, user verification the host cannot do, a credential the vault does not hold.
    expect_passkey_error(sign_in(client, key, origin, request_options(random_bytes(8), "example.com")), 32)
    expect_passkey_error(sign_in(client, key, origin, request_options(challenge, "example.com", verification="required")), 23)
    expect_passkey_error(sign_in(client, key, origin, request_options(challenge, "example.com", [b64u(random_bytes(16))])), 15)
    expect_passkey_error(sign_in(client, key, "https://example.org", request_options(challenge)), 15)
    # None of the refusals stored anything or asked anyone.
    assert len(json.loads(sesame("passkey", "list", "--json").stdout)) == 2
    assert len(asked()) == before, asked()[before:]

    # The person says no, or lets the question time out: error 22, no signature, no new passkey, no recorded use.
    used = [e["passkey"].get("lastUsed") for e in json.loads(sesame("passkey", "list", "--json").stdout)]
    for word in ("no", "timeout"):
        answer(word)
        declined = sign_in(client, key, origin, request_options(random_bytes(32), "example.com"))
        expect_passkey_error(declined, 22)
        assert "signature" not in json.dumps(declined), declined
        expect_passkey_error(register(client, key, origin, creation_options(
            random_bytes(32), random_bytes(16), "carol", "example.com")), 22)
    listing = json.loads(sesame("passkey", "list", "--json").stdout)
    assert len(listing) == 2 and [e["passkey"].get("lastUsed") for e in listing] == used, listing
    # A page's user name reaches the question with its control and bidirectional characters shown escaped.
    before = len(asked())
    expect_passkey_error(register(client, key, origin, creation_options(
        random_bytes(32), random_bytes(16), "mallory\u202e\nmoc.elgoog", "example.com")), 22)
    question = asked()[before:]
    assert len(question) == 1 and "\u202e" not in question[0] and "mallory\n" not in question[0], question
    assert "\u201cmallory\\u{202E}\\u{A}moc.elgoog\u201d" in question[0], question
    # One question at a time per browser: a second request while the person is being asked is refused at once,
    # and the first goes on when they answer.
    answer("hold")
    before = len(asked())
    waiting = client.send("passkeys-get", {"publicKey": request_options(random_bytes(32), "example.com"),
                                           "origin": origin, "keys": [key]})
    deadline = time.time() + 10
    while len(asked()) == before and time.time() < deadline:
        time.sleep(0.05)
    second = sign_in(client, key, origin, request_options(random_bytes(32), "example.com"))
    expect_passkey_error(second, 22)
    assert "waiting for your answer" in second["response"]["error"], second
    answer("yes")
    first = client.result("passkeys-get", waiting)["response"]
    assert first.get("id") == cases[0]["credentialId"] and first["response"]["signature"], first

    # No pinentry to ask with (none on PATH, no display): error 22 with the reason, nothing signed.
    nobody = HostClient(HOST, dict({k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")},
                                   PATH=os.path.join(os.environ["HOME"], "no-programs")))
    nobody.change_keys()
    unasked = sign_in(nobody, key, origin, request_options(random_bytes(32), "example.com"))
    expect_passkey_error(unasked, 22)
    assert "no pinentry is installed" in unasked["response"]["error"], unasked
    assert nobody.close() == 0

    # A browser that is not associated (a key the user never allowed) gets error 8 in clear.
    stranger = HostClient(HOST, dict(os.environ))
    stranger.change_keys()
    forged = {"id": key["id"], "key": new_id_key()}
    expect_error(stranger.call("passkeys-get", {"publicKey": request_options(challenge, "example.com"),
                                                "origin": origin, "keys": [forged]}), 8, "passkeys-get")
    expect_error(stranger.call("passkeys-register", {"publicKey": creation_options(challenge, random_bytes(16), "eve"),
                                                     "origin": origin, "keys": [forged]}), 8, "passkeys-register")
    assert stranger.close() == 0

    # A locked vault answers error 1 at once.
    assert sesame("lock").returncode == 0
    expect_error(client.call("passkeys-get", {"publicKey": request_options(challenge, "example.com"),
                                              "origin": origin, "keys": [key]}), 1, "passkeys-get")
    assert client.close() == 0


SCENARIOS = {
    "every_action": every_action, "deny_and_revoke": deny_and_revoke, "locked_vault": locked_vault,
    "pipelined": pipelined, "crypto_failures": crypto_failures, "one_time_codes": one_time_codes,
    "hostile_pages": hostile_pages, "association_slots": association_slots, "passkeys": passkeys,
}

if __name__ == "__main__":
    SCENARIOS[sys.argv[1]]()
    print("ok", sys.argv[1])
