"""The extension's side of the KeePassXC-Browser protocol, for tests: starts a native-messaging host, exchanges
keys, encrypts requests with PyNaCl's Box (crypto_box, as the extension's TweetNaCl does), and collects replies
as they come, in whatever order, checking every reply's nonces the way the extension's verifyResponse does."""

import base64
import json
import os
import struct
import subprocess
import threading
import time

from nacl.public import Box, PrivateKey
from nacl.utils import random as random_bytes


def b64(data):
    return base64.b64encode(data).decode()


def increment(nonce):
    # sodium_increment: the nonce read as a little-endian number, plus one.
    value = int.from_bytes(nonce, "little") + 1
    return (value % (1 << (8 * len(nonce)))).to_bytes(len(nonce), "little")


class HostClient:
    def __init__(self, host, env, args=("/tmp/manifest.json", "keepassxc-browser@keepassxc.org")):
        self.process = subprocess.Popen([host, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, env=env)
        self.replies = []
        self.lock = threading.Condition()
        self.client_key = PrivateKey.generate()
        self.box = None
        self.host_key = None
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        out = self.process.stdout
        while True:
            header = out.read(4)
            if len(header) < 4:
                break
            (length,) = struct.unpack("<I", header)
            body = out.read(length)
            with self.lock:
                self.replies.append(json.loads(body))
                self.lock.notify_all()

    def write_raw(self, data):
        self.process.stdin.write(struct.pack("<I", len(data)) + data)
        self.process.stdin.flush()

    def send_plain(self, message):
        self.write_raw(json.dumps(message).encode())

    def wait_for(self, predicate, timeout=10):
        deadline = time.time() + timeout
        with self.lock:
            while True:
                for index, reply in enumerate(self.replies):
                    if predicate(reply):
                        return self.replies.pop(index)
                left = deadline - time.time()
                if left <= 0:
                    raise AssertionError("no matching reply within %ss; have %r" % (timeout, self.replies))
                self.lock.wait(left)

    def change_keys(self):
        nonce = random_bytes(24)
        self.send_plain({"action": "change-public-keys", "publicKey": b64(bytes(self.client_key.public_key)),
                         "nonce": b64(nonce), "clientID": "test-client"})
        reply = self.wait_for(lambda r: r.get("action") == "change-public-keys")
        assert reply.get("success") == "true", reply
        assert reply.get("nonce") == b64(increment(nonce)), reply
        self.host_key = base64.b64decode(reply["publicKey"])
        from nacl.public import PublicKey
        self.box = Box(self.client_key, PublicKey(self.host_key))
        return reply

    def encrypt(self, action, body, nonce=None, box=None):
        nonce = nonce or random_bytes(24)
        body = dict(body, action=action)
        ciphertext = (box or self.box).encrypt(json.dumps(body).encode(), nonce).ciphertext
        return {"action": action, "message": b64(ciphertext), "nonce": b64(nonce), "clientID": "test-client"}, nonce

    def send(self, action, body=None, nonce=None, extra=None):
        envelope, nonce = self.encrypt(action, body or {}, nonce)
        envelope.update(extra or {})
        self.send_plain(envelope)
        return nonce

    def result(self, action, nonce, timeout=10, request_id=None):
        """The reply to one request: decrypted and checked (outer and inner nonce), or the plaintext error."""
        expected = b64(increment(nonce))

        def matches(reply):
            if reply.get("action") != action:
                return False
            if "errorCode" in reply:
                return request_id is None or reply.get("requestID") == request_id
            return reply.get("nonce") == expected

        reply = self.wait_for(matches, timeout)
        if "errorCode" in reply:
            return reply
        assert reply["nonce"] == expected
        plain = json.loads(self.box.decrypt(base64.b64decode(reply["message"]), increment(nonce)))
        assert plain["nonce"] == expected, plain
        assert plain["success"] == "true", plain
        assert plain["version"] == "2.7.9", plain
        return plain

    def call(self, action, body=None, timeout=10, extra=None):
        nonce = self.send(action, body, extra=extra)
        return self.result(action, nonce, timeout, (extra or {}).get("requestID"))

    def close(self):
        try:
            self.process.stdin.close()
        except BrokenPipeError:
            pass
        status = self.process.wait(timeout=10)
        self.reader.join(timeout=5)
        return status
