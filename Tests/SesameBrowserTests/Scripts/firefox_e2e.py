"""End to end with the real extension: headless firefox-esr with Debian's KeePassXC-Browser installed as a
temporary add-on, driven through Marionette (firefox_session.py). The extension associates (answered with
`sesame browser allow`) and fills a login page served on 127.0.0.1, then its one-time code field through get-totp.

Usage: firefox_e2e.py   (environment: SESAME_BIN and a test home whose vault holds alice's login for 127.0.0.1, any
port, with the one-time code secret TOTP_SECRET, unlocked in its agent, with `sesame setup browser --browser
firefox` done; see FirefoxEndToEndTests)."""

import http.server
import json
import os
import subprocess
import threading
import time

from firefox_session import Firefox, sesame, wait

# Debian 12's extension (1.8.4).
EXTENSION = "/usr/share/webext/keepassxc-browser"

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


def oathtool_codes():
    """The codes around now: the step may roll over between the fill and this check."""
    secret = os.environ["TOTP_SECRET"]
    now = int(time.time())
    return {subprocess.run(["oathtool", "--totp", "-b", "--now", "@%d" % t, secret], capture_output=True, text=True,
                           check=True).stdout.strip() for t in (now - 30, now)}


def main():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    page_port = server.server_address[1]

    firefox = Firefox(EXTENSION)
    client = firefox.client
    try:
        firefox.open_extension_page()
        # Fill a single match without asking, then ask to associate (held until the user allows it).
        firefox.change_settings(autoFillSingleEntry=True)
        firefox.associate("firefox-e2e")
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
        firefox.open_extension_page(select=False)
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
        firefox.close()
        server.shutdown()


if __name__ == "__main__":
    main()
