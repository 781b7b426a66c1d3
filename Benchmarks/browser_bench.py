"""get-logins through sesame-browser-host against an unlocked agent, timed from the client's write of the request
to its read of the reply (the extension's view); then, in the same run, passkeys-get for the same site beside
get-logins, alternately, after one passkeys-register. The host asks before each passkey request through pinentry;
here a minimal stand-in (a shell script answering OK) is first on its PATH, so the figure includes starting
pinentry and its Assuan exchange, not a person's answer. Prints a markdown table of medians.

Usage: browser_bench.py HOST SESAME URL RUNS   (the vault unlocked in the agent; PYTHONPATH holds browser_client)"""

import base64
import json
import os
import secrets
import statistics
import tempfile
import subprocess
import sys
import time

from nacl.public import PrivateKey

from browser_client import HostClient, b64

host, sesame, url, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
env = None  # inherit


def ms(values):
    return "%.2f ms" % (statistics.median(values) * 1000)


def associate(client):
    id_key = b64(bytes(PrivateKey.generate().public_key))
    nonce = client.send("associate", {"key": b64(bytes(client.client_key.public_key)), "idKey": id_key})
    for _ in range(200):
        pending = json.loads(subprocess.run([sesame, "browser", "pending", "--json"], capture_output=True,
                                            text=True, check=True).stdout)
        if pending:
            break
        time.sleep(0.05)
    subprocess.run([sesame, "browser", "allow", pending[0]["code"], "--name", "bench"], check=True,
                   capture_output=True)
    client.result("associate", nonce)
    return {"id": "bench", "key": id_key}


def timed_get_logins(client, key):
    started = time.perf_counter()
    reply = client.call("get-logins", {"url": url, "submitUrl": url, "keys": [key]})
    elapsed = time.perf_counter() - started
    assert reply.get("count", 0) >= 1, reply
    return elapsed


warm = HostClient(host, env)
warm.change_keys()
key = associate(warm)
for _ in range(10):
    timed_get_logins(warm, key)
warm_times = [timed_get_logins(warm, key) for _ in range(runs)]
warm.close()

first_times, whole_times = [], []
for _ in range(max(runs // 3, 10)):
    started = time.perf_counter()
    cold = HostClient(host, env)
    cold.change_keys()
    first_times.append(timed_get_logins(cold, key))
    whole_times.append(time.perf_counter() - started)
    cold.close()

# Passkeys for the page's own site: one registration, then sign-ins alternating with get-logins.
PINENTRY = """#!/bin/sh
echo "OK Pleased to meet you"
while IFS= read -r line; do
  case "$line" in BYE) echo OK; exit 0 ;; *) echo OK ;; esac
done
"""


def b64u(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


programs = tempfile.mkdtemp(prefix="sesame-bench-pinentry-")
with open(os.path.join(programs, "pinentry"), "w") as file:
    file.write(PINENTRY)
os.chmod(os.path.join(programs, "pinentry"), 0o700)
origin = url.split("/login")[0]
site = origin.split("://www.")[1]
passkey_host = HostClient(host, dict(os.environ, PATH=programs + os.pathsep + os.environ.get("PATH", "")))
passkey_host.change_keys()
passkey_host.call("test-associate", {"id": key["id"], "key": key["key"]})
created = passkey_host.call("passkeys-register", {"origin": origin, "keys": [key], "publicKey": {
    "challenge": b64u(secrets.token_bytes(32)), "rp": {"id": site, "name": site},
    "user": {"id": b64u(secrets.token_bytes(16)), "name": "bench", "displayName": "Bench"},
    "pubKeyCredParams": [{"type": "public-key", "alg": -7}], "attestation": "none",
    "authenticatorSelection": {"userVerification": "preferred"}}})["response"]
assert created.get("type") == "public-key", created


def timed_passkeys_get(client):
    options = {"challenge": b64u(secrets.token_bytes(32)), "rpId": site, "userVerification": "preferred",
               "allowCredentials": [{"id": created["id"], "type": "public-key"}]}
    started = time.perf_counter()
    reply = client.call("passkeys-get", {"origin": origin, "publicKey": options, "keys": [key]})
    elapsed = time.perf_counter() - started
    assert reply["response"].get("response", {}).get("signature"), reply
    return elapsed


passkey_times, beside_times = [], []
for _ in range(5):
    timed_passkeys_get(passkey_host)
for _ in range(max(runs // 3, 10)):
    passkey_times.append(timed_passkeys_get(passkey_host))
    beside_times.append(timed_get_logins(passkey_host, key))
passkey_host.close()

print("| get-logins, host already running (%d runs) | %s |" % (runs, ms(warm_times)))
print("| get-logins, first request of a new host (%d runs) | %s |" % (len(first_times), ms(first_times)))
print("| new host: start, change-public-keys, get-logins (%d runs) | %s |" % (len(whole_times), ms(whole_times)))
print("| passkeys-get, host already running: confirm (stand-in pinentry), sign, record the use (%d runs) | %s |"
      % (len(passkey_times), ms(passkey_times)))
print("| beside it, alternately: get-logins, same host and site (%d runs) | %s |" % (len(beside_times), ms(beside_times)))
