"""Relying parties nobody here wrote check what Sesame's authenticator produced.

Reads one JSON document on stdin: {"cases": [CASE, ...]}. Each CASE is
  {"name", "rpId", "origin", "requireUserVerification",
   "credentialId",                       base64url
   "registration": {"challenge", "clientDataJSON", "attestationObject"}     (base64url), or
   "publicKey": COSE key (base64url), for a credential registered elsewhere, or
   "registeredPrivateKey": PKCS#8 (base64url) of a key another manager made: its public key is derived here, by the
                           `cryptography` package, as the relying party received it at that manager's registration,
   "signCount": the counter the relying party stored (default 0),
   "assertions": [{"challenge", "clientDataJSON", "authenticatorData", "signature", "userHandle"}]}
and is verified by py_webauthn (the `webauthn` package) and by Yubico's python-fido2, each on its own.

Writes {"libraries": {...versions...}, "results": {NAME: {"webauthn": RESULT, "fido2": RESULT}}} where RESULT is
  {"registration": "ok" or "error: …", "assertions": ["ok" or "error: …", ...]}.
An assertion is only tried after its registration was accepted. Exit status 3 when a library is missing.
"""

import base64
import json
import sys

try:
    import webauthn
    from webauthn import verify_authentication_response, verify_registration_response
    import fido2
    from fido2.server import Fido2Server
    from fido2.webauthn import AttestedCredentialData, PublicKeyCredentialRpEntity
    from fido2.cose import CoseKey, ES256
    from fido2 import cbor
    from cryptography.hazmat.primitives.serialization import load_der_private_key
except ImportError as error:
    print(f"missing Python module: {error.name}", file=sys.stderr)
    sys.exit(3)

from importlib.metadata import version


def b64u_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def failure(error):
    return f"error: {type(error).__name__}: {error}"


def registered_public_key(case):
    """The COSE key the relying party stored: given, or derived from another manager's private key."""
    if "publicKey" in case:
        return b64u_decode(case["publicKey"])
    private_key = load_der_private_key(b64u_decode(case["registeredPrivateKey"]), password=None)
    return cbor.encode(ES256.from_cryptography_key(private_key.public_key()))


def registration_json(case):
    registration = case["registration"]
    return {
        "id": case["credentialId"],
        "rawId": case["credentialId"],
        "type": "public-key",
        "response": {
            "clientDataJSON": registration["clientDataJSON"],
            "attestationObject": registration["attestationObject"],
        },
        "clientExtensionResults": {},
    }


def assertion_json(case, assertion):
    response = {
        "clientDataJSON": assertion["clientDataJSON"],
        "authenticatorData": assertion["authenticatorData"],
        "signature": assertion["signature"],
    }
    if assertion.get("userHandle"):
        response["userHandle"] = assertion["userHandle"]
    return {
        "id": case["credentialId"],
        "rawId": case["credentialId"],
        "type": "public-key",
        "response": response,
        "clientExtensionResults": {},
    }


def with_py_webauthn(case):
    result = {"registration": "ok", "assertions": []}
    uv = case.get("requireUserVerification", False)
    sign_count = case.get("signCount", 0)
    if "registration" in case:
        try:
            verified = verify_registration_response(
                credential=registration_json(case),
                expected_challenge=b64u_decode(case["registration"]["challenge"]),
                expected_rp_id=case["rpId"],
                expected_origin=case["origin"],
                require_user_verification=uv,
            )
            public_key = verified.credential_public_key
            sign_count = verified.sign_count
        except Exception as error:  # every refusal is a result, not a crash
            result["registration"] = failure(error)
            return result
    else:
        public_key = registered_public_key(case)
    for assertion in case.get("assertions", []):
        try:
            verified = verify_authentication_response(
                credential=assertion_json(case, assertion),
                expected_challenge=b64u_decode(assertion["challenge"]),
                expected_rp_id=case["rpId"],
                expected_origin=case["origin"],
                credential_public_key=public_key,
                credential_current_sign_count=sign_count,
                require_user_verification=uv,
            )
            sign_count = verified.new_sign_count
            result["assertions"].append("ok")
        except Exception as error:
            result["assertions"].append(failure(error))
    return result


def with_python_fido2(case):
    result = {"registration": "ok", "assertions": []}
    uv = "required" if case.get("requireUserVerification", False) else "discouraged"
    server = Fido2Server(PublicKeyCredentialRpEntity(id=case["rpId"], name="Sesame tests"))
    if "registration" in case:
        state = {"challenge": case["registration"]["challenge"], "user_verification": uv}
        try:
            auth_data = server.register_complete(state, registration_json(case))
            credential = auth_data.credential_data
        except Exception as error:
            result["registration"] = failure(error)
            return result
    else:
        public_key = CoseKey.parse(cbor.decode(registered_public_key(case)))
        credential = AttestedCredentialData.create(bytes(16), b64u_decode(case["credentialId"]), public_key)
    for assertion in case.get("assertions", []):
        state = {"challenge": assertion["challenge"], "user_verification": uv}
        try:
            server.authenticate_complete(state, [credential], assertion_json(case, assertion))
            result["assertions"].append("ok")
        except Exception as error:
            result["assertions"].append(failure(error))
    return result


def main():
    request = json.load(sys.stdin)
    results = {}
    for case in request["cases"]:
        results[case["name"]] = {"webauthn": with_py_webauthn(case), "fido2": with_python_fido2(case)}
    libraries = {"webauthn": version("webauthn"), "fido2": version("fido2")}
    json.dump({"libraries": libraries, "results": results}, sys.stdout)


main()
