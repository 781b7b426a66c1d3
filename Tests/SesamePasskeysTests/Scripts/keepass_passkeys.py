"""Writes a KDBX file whose entries hold passkeys the way other managers write them, with keys made here by the
`cryptography` package (never by Sesame), and prints what a relying party registered for each as JSON.

    python3 keepass_passkeys.py OUT.kdbx   (the database password is read from stdin)

Entries (titles are the keys of the printed JSON):
  "KeePassXC 2.7.12"  KeePassXC's addPasskeyToEntry: title "<rp name> (Passkey)", tag Passkey, the KPEX_PASSKEY_*
                      attributes with credential id, key and user handle protected, flags "1", PEM with line breaks.
  "KeePassXC 2.7.9"   before the flags were written: no FLAG_BE/FLAG_BS, KeePassXC's first user-name attribute
                      (KPXC_PASSKEY_USERNAME) beside the current one, PEM with its lines run together.
  "Strongbox"         the credential id in KPEX_PASSKEY_GENERATED_USER_ID, flags "True" and "true".
  "Ed25519"           an EdDSA key (KeePassXC picks EdDSA when a site offers it first): Sesame cannot use it yet.
"""

import base64
import json
import os
import sys

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519
from pykeepass import create_database


def b64u(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def pkcs8(key):
    return key.private_bytes(serialization.Encoding.DER, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def pem(key):
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption()).decode()


path = sys.argv[1]
password = sys.stdin.readline().rstrip("\n")
kp = create_database(path, password=password)
params = kp.kdbx.header.value.dynamic_header.kdf_parameters.data.dict
params["M"].value, params["I"].value, params["P"].value = 1024 * 1024, 2, 2
group = kp.add_group(kp.root_group, "KeePassXC-Browser Passwords")

registered = {}
for title, rp, user in [("KeePassXC 2.7.12", "webauthn.io", "jane"), ("KeePassXC 2.7.9", "example.org", "old"),
                        ("Strongbox", "example.org", "strong"), ("Ed25519", "example.org", "edward")]:
    key = ed25519.Ed25519PrivateKey.generate() if title == "Ed25519" else ec.generate_private_key(ec.SECP256R1())
    credential_id = os.urandom(32)
    handle = os.urandom(16)
    entry = kp.add_entry(group, f"{title} (Passkey)", user, "", url=f"https://{rp}", tags=["Passkey"])
    key_pem = pem(key)
    if title == "KeePassXC 2.7.9":
        key_pem = "".join(key_pem.splitlines())
        entry.set_custom_property("KPXC_PASSKEY_USERNAME", user)
        entry.set_custom_property("KPEX_PASSKEY_USERNAME", "someone else")
    else:
        entry.set_custom_property("KPEX_PASSKEY_USERNAME", user)
    id_name = "KPEX_PASSKEY_GENERATED_USER_ID" if title == "Strongbox" else "KPEX_PASSKEY_CREDENTIAL_ID"
    entry.set_custom_property(id_name, b64u(credential_id), protect=True)
    entry.set_custom_property("KPEX_PASSKEY_PRIVATE_KEY_PEM", key_pem, protect=True)
    entry.set_custom_property("KPEX_PASSKEY_RELYING_PARTY", rp)
    entry.set_custom_property("KPEX_PASSKEY_USER_HANDLE", b64u(handle), protect=True)
    if title == "KeePassXC 2.7.12":
        entry.set_custom_property("KPEX_PASSKEY_FLAG_BE", "1")
        entry.set_custom_property("KPEX_PASSKEY_FLAG_BS", "1")
    elif title == "Strongbox":
        entry.set_custom_property("KPEX_PASSKEY_FLAG_BE", "True")
        entry.set_custom_property("KPEX_PASSKEY_FLAG_BS", "true")
    registered[title] = {"rpId": rp, "userName": user, "credentialId": b64u(credential_id),
                         "userHandle": b64u(handle), "privateKey": b64u(pkcs8(key)), "pem": key_pem}
kp.save()
json.dump(registered, sys.stdout)
