"""End to end with the real extension: headless firefox-esr with Debian's KeePassXC-Browser installed as a
temporary add-on, driven through Marionette by the small client below. The extension associates (answered with
`sesame browser allow`) and fills a login page served on 127.0.0.1, then its one-time code field through get-totp.

Usage: firefox_e2e.py   (environment: SESAME_BIN and a test home whose vault holds alice's login for 127.0.0.1, any
port, with the one-time code secret TOTP_SECRET, unlocked in its agent, with `sesame setup browser --browser
firefox` done; see FirefoxEndToEndTests)."""

import http.server
import json
import os
import socket
import subprocess
import threading
import time

BIN = os.environ["SESAME_BIN"]
HOME = os.environ["HOME"]
EXTENSION = "/usr/share/webext/keepassxc-browser"
EXTENSION_ID = "keepassxc-browser@keepassxc.org"
EXTENSION_UUID = "5e5a3e5a-0000-4000-8000-000000000014"

PAGE = b"""<!doctype html><html><head><title>Example login</title></head><body>
<form action="/session" method="post">
<input type="text" id="user" name="user" autocomplete="username">
<input type="password" id="pass" name="pass" autocomplete="current-password">
<button type="submit">Log in</button></form></body></html>"""
# The second step of the login, as sites ask for it: the code on a page of its own.
CODE_PAGE = b"""<!doctype html><html><head><title>Example login: code</title></head><body>
<form action="/verify" method="post">
<input type="text" id="otp" name="otp" autocomplete="one-time-code">
<button type="submit">Verify</button></form></body></html>"""


class Page(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.end_headers()
        self.wfile.write(CODE_PAGE if self.path == "/code" else PAGE)

    def log_message(self, *args):
        pass


class Marionette:
    """Marionette's wire format: `length:json`; commands `[0, id, name, params]`, replies `[1, id, error, result]`."""

    def __init__(self, port, timeout=120):
        deadline = time.time() + timeout
        while True:
            try:
                self.socket = socket.create_connection(("127.0.0.1", port), timeout=120)
                break
            except OSError:
                if time.time() > deadline:
                    raise
                time.sleep(0.2)
        self.buffer = b""
        self.next_id = 1
        self.read()  # the server's hello

    def read(self):
        while b":" not in self.buffer:
            self.buffer += self._recv()
        length, rest = self.buffer.split(b":", 1)
        length = int(length)
        while len(rest) < length:
            rest += self._recv()
        self.buffer = rest[length:]
        return json.loads(rest[:length])

    def _recv(self):
        data = self.socket.recv(65536)
        if not data:
            raise ConnectionError("Marionette closed the connection")
        return data

    def call(self, name, params=None):
        message_id = self.next_id
        self.next_id += 1
        data = json.dumps([0, message_id, name, params or {}]).encode()
        self.socket.sendall(str(len(data)).encode() + b":" + data)
        while True:
            reply = self.read()
            if reply[0] == 1 and reply[1] == message_id:
                if reply[2]:
                    raise RuntimeError("%s failed: %r" % (name, reply[2]))
                return reply[3]

    def script(self, source, *args):
        return self.call("WebDriver:ExecuteScript", {"script": source, "args": list(args)}).get("value")


def sesame(*args):
    return subprocess.run([os.path.join(BIN, "sesame"), *args], capture_output=True, text=True, timeout=60)


def wait(check, what, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError("timed out waiting for " + what)


def oathtool_codes():
    """The codes around now: the step may roll over between the fill and this check."""
    secret = os.environ["TOTP_SECRET"]
    now = int(time.time())
    return {subprocess.run(["oathtool", "--totp", "-b", "--now", "@%d" % t, secret], capture_output=True, text=True,
                           check=True).stdout.strip() for t in (now - 30, now)}


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    page_port = server.server_address[1]

    marionette_port = free_port()
    profile = os.path.join(HOME, "firefox-profile")
    os.makedirs(profile, exist_ok=True)
    prefs = {
        "marionette.port": marionette_port,
        "extensions.webextensions.uuids": json.dumps({EXTENSION_ID: EXTENSION_UUID}),
        "xpinstall.signatures.required": False,
        "devtools.console.stdout.content": True,
        "browser.shell.checkDefaultBrowser": False,
        "datareporting.policy.dataSubmissionEnabled": False,
        "toolkit.telemetry.reportingpolicy.firstRun": False,
        "browser.aboutwelcome.enabled": False,
        "app.update.disabledForTesting": True,
    }
    with open(os.path.join(profile, "user.js"), "w") as file:
        for name, value in prefs.items():
            file.write("user_pref(%s, %s);\n" % (json.dumps(name), json.dumps(value)))
    log = open(os.path.join(HOME, "firefox.log"), "w")
    firefox = subprocess.Popen(
        ["firefox-esr", "--headless", "--marionette", "-remote-allow-system-access", "--no-remote", "--profile", profile],
        stdout=log, stderr=subprocess.STDOUT, env=dict(os.environ, MOZ_CRASHREPORTER_DISABLE="1"))
    try:
        client = Marionette(marionette_port)
        client.call("WebDriver:NewSession", {"capabilities": {"alwaysMatch": {"acceptInsecureCerts": True}}})
        client.call("Addon:Install", {"path": EXTENSION, "temporary": True})
        base = "moz-extension://%s/" % EXTENSION_UUID

        # Open the options page in a tab (Navigate refuses moz-extension:// URLs; the chrome context may).
        client.call("Marionette:SetContext", {"value": "chrome"})
        client.script("""gBrowser.selectedTab = gBrowser.addTab(arguments[0],
            {triggeringPrincipal: Services.scriptSecurityManager.getSystemPrincipal()});""", base + "options/options.html")
        client.call("Marionette:SetContext", {"value": "content"})
        handles = client.call("WebDriver:GetWindowHandles")
        client.call("WebDriver:SwitchToWindow", {"handle": handles[-1]})
        wait(lambda: client.script("return location.href.startsWith('moz-extension:') && document.readyState === 'complete';"),
             "the options page")
        # Fill a single match without asking, then ask to associate (held until the user allows it).
        client.call("WebDriver:ExecuteAsyncScript", {"script": """
            const done = arguments[arguments.length - 1];
            (async () => {
                const stored = await browser.storage.local.get({settings: {}});
                stored.settings.autoFillSingleEntry = true;
                await browser.storage.local.set({settings: stored.settings});
                await browser.runtime.sendMessage({action: 'load_settings'});
                browser.runtime.sendMessage({action: 'associate'});
                done(true);
            })();""", "args": []})

        def pending():
            result = sesame("browser", "pending", "--json")
            return result.returncode == 0 and json.loads(result.stdout)
        request = wait(pending, "the extension's association request")[0]
        assert request["origin"] == EXTENSION_ID, request
        allowed = sesame("browser", "allow", request["code"], "--name", "firefox-e2e")
        assert allowed.returncode == 0, allowed.stderr
        wait(lambda: not pending(), "the association to complete")

        client.call("WebDriver:Navigate", {"url": "http://127.0.0.1:%d/login" % page_port})
        read = "return [document.getElementById('user').value, document.getElementById('pass').value];"
        try:
            filled = wait(lambda: (lambda values: values if all(values) else None)(client.script(read)),
                          "the extension to fill the form")
        except AssertionError:
            raise AssertionError("the form reads %r" % client.script(read))
        assert filled == ["alice", "s3cr3t-P@ss"], filled
        listed = json.loads(sesame("browser", "list", "--json").stdout)
        assert [a["name"] for a in listed] == ["firefox-e2e"] and listed[0]["lastUsed"], listed
        print("ok filled", filled[0])

        # The one-time code, as the extension's context menu entry "Fill TOTP" asks for it: the code field has the
        # focus, the background page tells the page's content script, which gets the page's logins if it has none
        # yet, and asks get-totp for the uuid of the one whose entry carries `totp`.
        client.call("WebDriver:Navigate", {"url": "http://127.0.0.1:%d/code" % page_port})
        page_handle = client.call("WebDriver:GetWindowHandle")["value"]
        client.script("document.getElementById('otp').focus();")
        client.call("Marionette:SetContext", {"value": "chrome"})
        client.script("""gBrowser.addTab(arguments[0],
            {triggeringPrincipal: Services.scriptSecurityManager.getSystemPrincipal()});""", base + "options/options.html")
        client.call("Marionette:SetContext", {"value": "content"})
        client.call("WebDriver:SwitchToWindow", {"handle": client.call("WebDriver:GetWindowHandles")[-1]})
        wait(lambda: client.script("return location.href.startsWith('moz-extension:') && document.readyState === 'complete';"),
             "a second extension page")
        client.call("WebDriver:ExecuteAsyncScript", {"script": """
            const done = arguments[arguments.length - 1];
            (async () => {
                const [tab] = await browser.tabs.query({url: 'http://127.0.0.1/*'});
                await browser.tabs.sendMessage(tab.id, {action: 'fill_totp'});
                done(true);
            })();""", "args": []})
        client.call("WebDriver:SwitchToWindow", {"handle": page_handle})
        code = wait(lambda: client.script("return document.getElementById('otp').value;"), "the one-time code")
        assert code in oathtool_codes(), (code, oathtool_codes())
        print("ok one-time code")
    finally:
        firefox.terminate()
        try:
            firefox.wait(timeout=15)
        except subprocess.TimeoutExpired:
            firefox.kill()
        server.shutdown()


if __name__ == "__main__":
    main()
