"""Headless firefox-esr with KeePassXC-Browser installed as a temporary add-on, driven through Marionette, for the
end-to-end tests (firefox_e2e.py, firefox_passkeys_e2e.py). The extension is associated with the test's vault
through `sesame browser allow`, as a user would answer it from a terminal.

Expects SESAME_BIN and a test HOME whose vault is unlocked in its agent, with `sesame setup browser --browser
firefox` done (see FirefoxEndToEndTests)."""

import json
import os
import signal
import socket
import subprocess
import time

BIN = os.environ["SESAME_BIN"]
HOME = os.environ["HOME"]
EXTENSION_ID = "keepassxc-browser@keepassxc.org"
# A fixed internal UUID, so the extension's pages have a known moz-extension:// address.
EXTENSION_UUID = "5e5a3e5a-0000-4000-8000-000000000014"


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

    def async_script(self, source, *args):
        return self.call("WebDriver:ExecuteAsyncScript", {"script": source, "args": list(args)}).get("value")


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


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Firefox:
    """A headless Firefox with a fresh profile in HOME and the extension at `extension` (an unpacked folder)."""

    def __init__(self, extension):
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
        # Started by the Swift test runner from a worker thread, this process has nearly every signal blocked, and
        # Firefox would inherit that and sit out close()'s SIGTERM until the SIGKILL 15 s later.
        signal.pthread_sigmask(signal.SIG_SETMASK, set())
        self.log_path = os.path.join(HOME, "firefox.log")
        log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            ["firefox-esr", "--headless", "--marionette", "-remote-allow-system-access", "--no-remote", "--profile",
             profile], stdout=log, stderr=subprocess.STDOUT, env=dict(os.environ, MOZ_CRASHREPORTER_DISABLE="1"))
        try:
            self.client = Marionette(marionette_port)
            self.client.call("WebDriver:NewSession", {"capabilities": {"alwaysMatch": {"acceptInsecureCerts": True}}})
            self.client.call("Addon:Install", {"path": extension, "temporary": True})
        except BaseException:
            self.close()
            raise
        self.base = "moz-extension://%s/" % EXTENSION_UUID

    def open_extension_page(self, select=True):
        """Opens the options page in a new tab (Navigate refuses moz-extension:// URLs; the chrome context may) and
        switches to it, where scripts may use the extension's `browser` API. Unless `select`, the page's tab stays the
        active one: the extension (1.9) gets logins only for the active tab."""
        client = self.client
        client.call("Marionette:SetContext", {"value": "chrome"})
        client.script("""const tab = gBrowser.addTab(arguments[0],
            {triggeringPrincipal: Services.scriptSecurityManager.getSystemPrincipal()});
            if (arguments[1]) gBrowser.selectedTab = tab;""", self.base + "options/options.html", select)
        client.call("Marionette:SetContext", {"value": "content"})
        handle = client.call("WebDriver:GetWindowHandles")[-1]
        client.call("WebDriver:SwitchToWindow", {"handle": handle, "focus": select})
        wait(lambda: client.script(
            "return location.href.startsWith('moz-extension:') && document.readyState === 'complete';"),
            "an extension page")

    def change_settings(self, **settings):
        """Sets the extension's settings (its `settings` object in storage.local) and has its background reload
        them, as its options page does. Call from an extension page."""
        self.client.async_script("""
            const [changes, done] = arguments;
            (async () => {
                const stored = await browser.storage.local.get({settings: {}});
                Object.assign(stored.settings, changes);
                await browser.storage.local.set({settings: stored.settings});
                await browser.runtime.sendMessage({action: 'load_settings'});
                done(true);
            })();""", settings)

    def associate(self, name):
        """Has the extension ask to associate (from an extension page) and allows it with `sesame browser allow`."""
        self.client.async_script("""
            const done = arguments[arguments.length - 1];
            browser.runtime.sendMessage({action: 'associate'});
            done(true);""")

        def pending():
            result = sesame("browser", "pending", "--json")
            return result.returncode == 0 and json.loads(result.stdout)
        request = wait(pending, "the extension's association request")[0]
        assert request["origin"] == EXTENSION_ID, request
        allowed = sesame("browser", "allow", request["code"], "--name", name)
        assert allowed.returncode == 0, allowed.stderr
        wait(lambda: not pending(), "the association to complete")

    def close(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
