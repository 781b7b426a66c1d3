"""get-logins through sesame-browser-host against an unlocked agent, timed from the client's write of the request
to its read of the reply (the extension's view). Prints a markdown table of medians.

Usage: browser_bench.py HOST SESAME URL RUNS   (the vault unlocked in the agent; PYTHONPATH holds browser_client)"""

import base64
import json
import statistics
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

print("| get-logins, host already running (%d runs) | %s |" % (runs, ms(warm_times)))
print("| get-logins, first request of a new host (%d runs) | %s |" % (len(first_times), ms(first_times)))
print("| new host: start, change-public-keys, get-logins (%d runs) | %s |" % (len(whole_times), ms(whole_times)))
