"""Auto-Type scenarios on a private X server: Xvfb (display chosen by -displayfd) with openbox, the Tk login form of
login_form.py, and the built sesame-autotype against the test home's unlocked agent. Every process started here
is stopped here, by its pid.

Usage: autotype_scenarios.py SCENARIO   (environment: SESAME_BIN, HOME and XDG_* of the test home)"""

import json
import os
import subprocess
import sys
import time

BIN = os.environ["SESAME_BIN"]
FORM = os.path.join(os.path.dirname(os.path.abspath(__file__)), "login_form.py")
WORK = os.environ["HOME"]


class Display:
    def __init__(self):
        read, write = os.pipe()
        self.processes = []
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
                                     pass_fds=[write], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        number = b""
        while not number.endswith(b"\n"):
            chunk = os.read(read, 16)
            if not chunk:
                raise AssertionError("Xvfb did not start")
            number += chunk
        os.close(read)
        self.env = dict(os.environ, DISPLAY=":" + number.decode().strip())
        self.processes.append(subprocess.Popen(["openbox"], env=self.env, stdout=subprocess.DEVNULL,
                                               stderr=subprocess.DEVNULL))
        time.sleep(0.5)

    def layout(self, name):
        subprocess.run(["setxkbmap", name], env=self.env, check=True)

    def form(self, title, name):
        out = os.path.join(WORK, name + ".json")
        # Not on this script's output: the test reads it to its end, which a form left running would never give.
        self.processes.append(subprocess.Popen(["/usr/bin/python3", FORM, out, title], env=self.env,
                                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        return out

    def autotype(self, *args):
        return subprocess.run([os.path.join(BIN, "sesame-autotype"), *args], env=self.env, capture_output=True,
                              text=True, timeout=60)

    def close(self):
        for process in list(reversed(self.processes)) + [self.xvfb]:
            process.terminate()
            try:
                process.wait(timeout=3)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)


def sesame(*args, input_text=""):
    result = subprocess.run([os.path.join(BIN, "sesame"), *args], capture_output=True, text=True, input=input_text)
    assert result.returncode == 0, result.stderr
    return result


def submitted(out, timeout=10):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if os.path.exists(out):
            with open(out, encoding="utf-8") as file:
                return json.load(file)
        time.sleep(0.05)
    return None


def wait_for_focus(display, title):
    # The form takes the focus itself a moment after it maps.
    deadline = time.time() + 10
    while time.time() < deadline:
        name = subprocess.run(["xprop", "-root", "_NET_ACTIVE_WINDOW"], env=display.env, capture_output=True, text=True).stdout
        window = name.strip().split()[-1] if "#" in name else ""
        if window and window != "0x0":
            active = subprocess.run(["xprop", "-id", window, "WM_NAME"], env=display.env, capture_output=True,
                                    text=True).stdout
            if title in active:
                time.sleep(0.2)
                return
        time.sleep(0.05)
    raise AssertionError("the form never got the focus")


def types_into(layout, password):
    sesame("add", "Example", "--username", "alice", "--url", "https://login.example.com", "--password-stdin",
           input_text=password + "\n")
    display = Display()
    try:
        if layout:
            display.layout(layout)
        title = "Example Login - login.example.com"
        out = display.form(title, "form")
        wait_for_focus(display, title)
        result = display.autotype("--wait", "100")
        assert result.returncode == 0, result.stderr
        values = submitted(out)
        assert values == {"username": "alice", "password": password}, values
    finally:
        display.close()


def us_layout():
    types_into(None, 'Pa$$w0rd!#"@ Grüße€ñ~`^')


def german_layout():
    types_into("de", "yz Grüße€ ~`^ {[]}@")


def focus_change_aborts():
    sesame("add", "Long", "--username", "bob", "--url", "https://long.example.org", "--password-stdin",
           input_text="a" * 60 + "\n")
    display = Display()
    try:
        title = "Long - long.example.org"
        out = display.form(title, "long")
        wait_for_focus(display, title)
        typing = subprocess.Popen([os.path.join(BIN, "sesame-autotype"), "--wait", "0", "--delay", "60"],
                                  env=display.env, stderr=subprocess.PIPE, text=True)
        time.sleep(1.0)
        intruder = display.form("Intruder", "intruder")
        status = typing.wait(timeout=30)
        error = typing.stderr.read()
        assert status == 1 and "The focus left the window" in error, (status, error)
        assert submitted(out, timeout=1) is None, "Enter reached the form"
        assert submitted(intruder, timeout=1) is None, "Enter reached the other window"
    finally:
        display.close()


def several_candidates_type_nothing():
    for name in ("bob", "carol"):
        sesame("add", "Shop " + name, "--username", name, "--url", "https://shop.example.org", "--password-stdin",
               input_text="pw-" + name + "\n")
    display = Display()
    try:
        title = "Checkout - shop.example.org"
        out = display.form(title, "shop")
        wait_for_focus(display, title)
        result = display.autotype("--wait", "0")
        assert result.returncode == 1 and "Several logins match" in result.stderr, result
        assert submitted(out, timeout=1) is None
        # Named, it types.
        named = display.autotype("--wait", "0", "Shop carol")
        assert named.returncode == 0, named.stderr
        assert submitted(out) == {"username": "carol", "password": "pw-carol"}
    finally:
        display.close()


def custom_sequence():
    sesame("add", "Custom", "--username", "dave", "--url", "https://custom.example.net", "--field",
           "Auto-Type=+x{USERNAME}{TAB}{DELAY 100}{PASSWORD}{{}~", "--password-stdin", input_text="s3cret\n")
    display = Display()
    try:
        title = "An app without a site"
        out = display.form(title, "custom")
        wait_for_focus(display, title)
        unnamed = display.autotype("--wait", "0")
        assert unnamed.returncode == 1 and "names no site" in unnamed.stderr, unnamed
        result = display.autotype("--wait", "0", "Custom")
        assert result.returncode == 0, result.stderr
        assert submitted(out) == {"username": "Xdave", "password": "s3cret{"}, submitted(out)
    finally:
        display.close()


SCENARIOS = {
    "us_layout": us_layout, "german_layout": german_layout, "focus_change_aborts": focus_change_aborts,
    "several_candidates_type_nothing": several_candidates_type_nothing, "custom_sequence": custom_sequence,
}

if __name__ == "__main__":
    SCENARIOS[sys.argv[1]]()
    print("ok", sys.argv[1])
