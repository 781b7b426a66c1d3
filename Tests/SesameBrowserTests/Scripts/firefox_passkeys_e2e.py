"""End to end with passkeys: KeePassXC-Browser 1.9 (Debian 13's package, fetched from trixie into the test's
folder) in headless firefox-esr, associated with the test's vault, takes over `navigator.credentials` on a page
served on http://localhost:PORT (a secure context). The page registers a passkey with `navigator.credentials.create`
and signs in twice with `navigator.credentials.get` (naming the credential, then discoverable); each time the
extension asks Sesame's host (`passkeys-register`, `passkeys-get`) and the page posts the credential to its server,
which verifies it with py_webauthn and python-fido2 as a relying party does.

Usage: firefox_passkeys_e2e.py, run by an interpreter with py_webauthn and python-fido2 (environment: SESAME_BIN and a
test home whose vault is unlocked in its agent, with `sesame setup browser --browser firefox` done; see
FirefoxPasskeyEndToEndTests). Needs deb.debian.org: without it, fails saying so."""

import base64
import glob
import http.server
import json
import os
import pwd
import secrets
import subprocess
import sys
import threading
import time
import urllib.parse

import fake_pinentry
from firefox_session import HOME, Firefox, sesame, wait

import webauthn
from webauthn.helpers.structs import PublicKeyCredentialDescriptor, UserVerificationRequirement
from fido2.server import Fido2Server
from fido2.webauthn import PublicKeyCredentialRpEntity

SUITE = "trixie"
PACKAGE = "webext-keepassxc-browser"
RP_ID = "localhost"


def fetch_extension(folder):
    """Downloads the extension's package from Debian's `SUITE` with apt-get, its own lists and cache in `folder`
    (the machine's sources and cache untouched; apt checks the release's signature and the package's hash), and
    unpacks it there. Returns the unpacked extension's folder."""
    os.makedirs(os.path.join(folder, "lists", "partial"), exist_ok=True)
    os.makedirs(os.path.join(folder, "cache", "archives", "partial"), exist_ok=True)
    sources = os.path.join(folder, "sources.list")
    with open(sources, "w") as file:
        file.write("deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian "
                   "%s main\n" % SUITE)
    apt = ["apt-get", "-q", "-o", "Dir::Etc::SourceList=" + sources, "-o", "Dir::Etc::SourceParts=/dev/null",
           "-o", "Dir::State::Lists=" + os.path.join(folder, "lists"),
           "-o", "Dir::Cache=" + os.path.join(folder, "cache"),
           "-o", "Acquire::Languages=none", "-o", "Acquire::http::Timeout=20",
           # As root, apt hands downloads to its `_apt` user, who may not write into the test's folder.
           "-o", "APT::Sandbox::User=" + pwd.getpwuid(os.getuid()).pw_name]
    started = time.time()
    update = subprocess.run(apt + ["--error-on=any", "update"], capture_output=True, text=True, timeout=120)
    # `PACKAGE/SUITE`: never the version installed from the machine's own sources.
    download = update.returncode == 0 and subprocess.run(apt + ["download", PACKAGE + "/" + SUITE], cwd=folder,
                                                         capture_output=True, text=True, timeout=120)
    if not download or download.returncode != 0:
        failed = download or update
        errors = [line for line in failed.stderr.splitlines() if line.startswith("E:")]
        raise SystemExit("cannot download %s from Debian %s (is deb.debian.org reachable?): %s"
                         % (PACKAGE, SUITE, errors[0] if errors else "apt-get exited %d" % failed.returncode))
    [package] = glob.glob(os.path.join(folder, PACKAGE + "_*.deb"))
    unpacked = os.path.join(folder, "root")
    subprocess.run(["dpkg-deb", "-x", package, unpacked], check=True, timeout=60)
    extension = os.path.join(unpacked, "usr", "share", "webext", "keepassxc-browser")
    with open(os.path.join(extension, "manifest.json")) as file:
        version = json.load(file)["version"]
    print("ok fetched %s %s in %.1f s" % (PACKAGE, version, time.time() - started))
    assert tuple(int(part) for part in version.split(".")[:2]) >= (1, 9), "passkeys need 1.9, trixie has " + version
    return extension


PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>Passkeys</title></head><body>
<button id="register">Create a passkey</button> <button id="sign-in">Sign in with a passkey</button>
<button id="register-elsewhere" data-query="?rpId=example.com">Create one for example.com</button>
<button id="sign-in-verified" data-query="?userVerification=required">Sign in, verified</button>
<pre id="status">idle</pre>
<script>
const decode = (text) => Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), c => c.charCodeAt(0));
const encode = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer)))
    .replaceAll('+', '-').replaceAll('/', '_').replaceAll('=', '');
const show = (text) => { document.getElementById('status').textContent = text; };

async function post(path, body) {
    const reply = await fetch(path, {method: 'POST', headers: {'Content-Type': 'application/json'},
                                     body: JSON.stringify(body || {})});
    const answer = await reply.json();
    if (!reply.ok) throw new Error(answer.error);
    return answer;
}

// The extension replaces navigator.credentials once its content script has read its settings.
async function extensionReady() {
    for (let tries = 0; tries < 100; tries++) {
        if (Object.getOwnPropertyDescriptor(navigator, 'credentials')) return;
        await new Promise(resolve => setTimeout(resolve, 100));
    }
    throw new Error("navigator.credentials is still the browser's own: the extension did not take it over");
}

// What a site's script posts: the credential's own fields, binary ones in base64url.
function credentialJSON(credential) {
    const response = {};
    for (const name of ['clientDataJSON', 'attestationObject', 'authenticatorData', 'signature', 'userHandle']) {
        const value = credential.response[name];
        if (Object.prototype.hasOwnProperty.call(credential.response, name) && value) response[name] = encode(value);
    }
    return {id: credential.id, rawId: encode(credential.rawId), type: credential.type, response: response,
            authenticatorAttachment: credential.authenticatorAttachment, clientExtensionResults: {}};
}

async function register(query) {
    await extensionReady();
    const options = await post('/register/options' + query);
    options.challenge = decode(options.challenge);
    options.user.id = decode(options.user.id);
    options.excludeCredentials = (options.excludeCredentials || []).map(c => ({...c, id: decode(c.id)}));
    const credential = await navigator.credentials.create({publicKey: options});
    if (!credential) throw new Error('navigator.credentials.create answered null');
    return (await post('/register/verify', credentialJSON(credential))).result;
}

async function signIn(query) {
    await extensionReady();
    const options = await post('/sign-in/options' + query);
    options.challenge = decode(options.challenge);
    options.allowCredentials = (options.allowCredentials || []).map(c => ({...c, id: decode(c.id)}));
    const credential = await navigator.credentials.get({publicKey: options});
    if (!credential) throw new Error('navigator.credentials.get answered null');
    return (await post('/sign-in/verify', credentialJSON(credential))).result;
}

for (const button of document.querySelectorAll('button')) {
    const ceremony = button.id.startsWith('register') ? register : signIn;
    button.addEventListener('click', () => {
        show('busy');
        ceremony(button.dataset.query || '').then(show, error => show('error: ' + error.name + ': ' + error.message));
    });
}
</script></body></html>"""


def b64u(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def b64u_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class RelyingParty:
    """The page's server side: one user, alice; what it accepted, in order, in `accepted`. Every credential must
    pass both py_webauthn and python-fido2."""

    def __init__(self, origin):
        self.origin = origin
        self.user_id = secrets.token_bytes(16)
        self.fido2 = Fido2Server(PublicKeyCredentialRpEntity(id=RP_ID, name="Sesame e2e"))
        self.challenge = None
        self.credential = None  # (id, COSE public key, fido2's credential data, sign count)
        self.sign_ins = 0
        self.accepted = []

    def registration_options(self, query):
        options = webauthn.generate_registration_options(
            rp_id=query.get("rpId", RP_ID), rp_name="Sesame e2e", user_name="alice", user_id=self.user_id,
            user_display_name="Alice", timeout=30000)
        self.challenge = options.challenge
        return json.loads(webauthn.options_to_json(options))

    def register(self, credential):
        challenge, self.challenge = self.challenge, None
        verified = webauthn.verify_registration_response(
            credential=credential, expected_challenge=challenge, expected_rp_id=RP_ID, expected_origin=self.origin)
        state = {"challenge": b64u(challenge), "user_verification": "discouraged"}
        data = self.fido2.register_complete(state, credential).credential_data
        assert data.credential_id == verified.credential_id, "the libraries read different credential ids"
        self.credential = (verified.credential_id, verified.credential_public_key, data, verified.sign_count)
        self.accepted.append({"registered": b64u(verified.credential_id)})
        return "registered " + b64u(verified.credential_id)

    def sign_in_options(self, query):
        # The first sign-in names the credential; later ones are discoverable (no allow list).
        allowed = [PublicKeyCredentialDescriptor(id=self.credential[0])] if self.sign_ins == 0 else []
        verification = UserVerificationRequirement(query.get("userVerification", "preferred"))
        options = webauthn.generate_authentication_options(rp_id=RP_ID, allow_credentials=allowed, timeout=30000,
                                                           user_verification=verification)
        self.challenge = options.challenge
        return json.loads(webauthn.options_to_json(options))

    def sign_in(self, credential):
        challenge, self.challenge = self.challenge, None
        credential_id, public_key, data, sign_count = self.credential
        verified = webauthn.verify_authentication_response(
            credential=credential, expected_challenge=challenge, expected_rp_id=RP_ID, expected_origin=self.origin,
            credential_public_key=public_key, credential_current_sign_count=sign_count)
        state = {"challenge": b64u(challenge), "user_verification": "discouraged"}
        self.fido2.authenticate_complete(state, [data], credential)
        assert verified.credential_id == credential_id
        user_handle = credential["response"].get("userHandle")
        assert user_handle is not None and b64u_decode(user_handle) == self.user_id, "not alice's user handle"
        self.credential = (credential_id, public_key, data, verified.new_sign_count)
        self.sign_ins += 1
        self.accepted.append({"signedIn": b64u(credential_id), "allowList": self.sign_ins == 1})
        return "signed in as alice (%d)" % self.sign_ins


def serve(relying_party):
    routes = {"/register/options": relying_party.registration_options,
              "/register/verify": lambda body: {"result": relying_party.register(body)},
              "/sign-in/options": relying_party.sign_in_options,
              "/sign-in/verify": lambda body: {"result": relying_party.sign_in(body)}}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.answer(200, "text/html; charset=utf-8", PAGE.encode())

        def do_POST(self):
            length = int(self.headers.get("Content-Length", 0))
            body = json.loads(self.rfile.read(length) or b"{}")
            path, _, query = self.path.partition("?")
            route = routes.get(path)
            try:
                if route is None:
                    raise LookupError("no such route " + path)
                # The options' variations come in the query; the credentials in the body.
                status, answer = 200, route(dict(urllib.parse.parse_qsl(query)) if path.endswith("/options") else body)
            except Exception as error:  # a refused credential is the page's error, and the test's
                status, answer = 400, {"error": "the server refused it: %s: %s" % (type(error).__name__, error)}
            self.answer(status, "application/json", json.dumps(answer).encode())

        def answer(self, status, content_type, data):
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):
            pass

    # The ceremonies run one at a time, in order, as the test clicks.
    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main():
    began = time.time()
    extension = fetch_extension(os.path.join(HOME, "extension"))

    # http://localhost is a secure context (WebAuthn's only exception to https); the server listens on 127.0.0.1.
    relying_party = RelyingParty(origin=None)
    server = serve(relying_party)
    relying_party.origin = "http://localhost:%d" % server.server_address[1]

    # The host asks before each passkey it makes or uses (user presence); Firefox, and so the host it starts, finds
    # this stand-in pinentry first on PATH, which says yes and keeps what it was asked.
    pinentry = fake_pinentry.install(os.path.join(HOME, "pinentry"))
    os.environ.update(pinentry)
    firefox = Firefox(extension)
    client = firefox.client
    try:
        firefox.open_extension_page()
        # Passkeys are off by default; no fallback to the browser's own authenticator, so failures reach the page.
        firefox.change_settings(passkeys=True, passkeysFallback=False)
        firefox.associate("firefox-passkeys-e2e")

        client.call("WebDriver:Navigate", {"url": relying_party.origin + "/"})

        def ceremony(button, expected, refused=False):
            client.script("document.getElementById(arguments[0]).click();", button)
            status = wait(lambda: (lambda text: text if text not in ("idle", "busy") else None)(
                client.script("return document.getElementById('status').textContent;")), "the page's " + button, 30)
            # A refusal is the exception the extension throws with its message for Sesame's error code (its name
            # varies: the extension passes DOMException a legacy code number as the name).
            met = status.startswith("error: ") and status.endswith(expected) if refused else status.startswith(expected)
            assert met, "the page says: %s" % status
            return status

        # A relying party id that is not the page's (28): the extension turns Sesame's refusal into the page's error.
        ceremony("register-elsewhere", "Origin and RP ID do not match.", refused=True)
        assert json.loads(sesame("passkey", "list", "--json").stdout) == [], "a refused registration stored a passkey"
        print("ok another site's passkey refused")

        started = time.time()
        registered = ceremony("register", "registered ")
        print("ok registered in %.1f s" % (time.time() - started))
        credential_id = registered.split(" ")[1]
        for count in (1, 2):
            started = time.time()
            ceremony("sign-in", "signed in as alice (%d)" % count)
            print("ok signed in (%d) in %.1f s" % (count, time.time() - started))
        # Sesame verifies no user (it has no window): a page that requires it gets the extension's error (23).
        ceremony("sign-in-verified", "NotAllowedError: Invalid user verification.", refused=True)
        print("ok user verification refused")
        assert relying_party.accepted == [{"registered": credential_id}, {"signedIn": credential_id, "allowList": True},
                                          {"signedIn": credential_id, "allowList": False}], relying_party.accepted

        # Asked once for the registration and once per sign-in; the refused requests asked nobody.
        asked = fake_pinentry.questions(pinentry["FAKE_PINENTRY_LOG"])
        origin = relying_party.origin
        assert [question.split("\n")[0] for question in asked] == [
            "%s asks Sesame to create a passkey for \u201calice\u201d on %s." % (origin, RP_ID)] + [
            "%s asks to sign in with your passkey for \u201calice\u201d on %s." % (origin, RP_ID)] * 2, asked
        print("ok asked before the registration and each sign-in, and not before a refusal")

        listing = json.loads(sesame("passkey", "list", "--json").stdout)
        assert len(listing) == 1, listing
        passkey = listing[0]["passkey"]
        assert passkey["relyingParty"] == RP_ID and passkey["userName"] == "alice", listing
        assert passkey["credentialID"] == credential_id, listing
        assert passkey.get("lastUsed") is not None, listing
        print("ok the vault keeps alice's passkey for", RP_ID)
        print("ok all in %.1f s" % (time.time() - began))
    except BaseException:
        # The extension's own account of what went wrong is in the browser's console.
        with open(firefox.log_path, errors="replace") as log:
            sys.stderr.writelines([line for line in log if "KeePassXC-Browser" in line][-20:])
        raise
    finally:
        firefox.close()
        server.shutdown()


if __name__ == "__main__":
    main()
