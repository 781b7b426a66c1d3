#!/bin/sh
# Issue 25's figures: `sesame export` and `sesame import` of a vault of ITEMS logins, CODES of them with a one-time
# code and PASSKEYS of them with a passkey, as Credential Exchange (CXF) JSON beside Safari-column CSV (the same
# items, codes in its OTPAuth column; CSV has no place for passkeys, which is why CXF exists), in the same run. Whole processes from the release build, `--password-stdin --json`, no agent; wall time, CPU time
# (user + system, steadier than wall time on a shared machine) and peak RSS from /usr/bin/time, medians of RUNS. Each import goes into a fresh vault. The vaults use the cheapest key
# derivation Sesame accepts (Argon2id 19 MiB x 2), whose cost is timed alone (`sesame list` of an empty vault) and
# shown so it can be subtracted. The seed vault is made by importing a CXF file written here, its passkeys' keys
# made by python3's `cryptography` (python-fido2's dependency, a test package).
#
# Usage: Benchmarks/cxf.sh [ITEMS] [CODES] [RUNS] [PASSKEYS]
#        (default 10000 items, 1000 codes, 5 runs, 1000 passkeys; needs python3 with cryptography)
set -eu
cd "$(dirname "$0")/.."
items="${1:-10000}"
codes="${2:-1000}"
runs="${3:-5}"
passkeys="${4:-1000}"

echo "Building sesame (release)..." >&2
bin="$(scripts/build-static.sh sesame sesame-cli 2>/dev/null)"
work="$(mktemp -d /tmp/sesame-cxf-bench.XXXXXX)"
trap 'rm -rf "$work"' EXIT INT TERM
export HOME="$work" XDG_RUNTIME_DIR="$work/run" SESAME_NO_AGENT=1
unset SESAME_VAULT SESAME_AGENT_SOCK XDG_DATA_HOME
mkdir -m 700 "$work/run"

python3 - "$items" "$codes" "$passkeys" "$work" <<'PY'
import base64, json, os, sys
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
items, codes, passkeys, work = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
def b64url(data): return base64.urlsafe_b64encode(data).rstrip(b"=").decode()
def every(count): return max(1, items // count) if count else 0
made_codes = made_passkeys = 0
records = []
for i in range(items):
    credentials = [{"type": "basic-auth",
                    "username": {"fieldType": "string", "value": f"user{i}@example.com"},
                    "password": {"fieldType": "concealed-string", "value": f"pw-{i},x"}},
                   {"type": "note", "content": {"fieldType": "string", "value": f"note {i}"}}]
    if codes and i % every(codes) == 0 and made_codes < codes:
        credentials.append({"type": "totp", "secret": "JBSWY3DPEHPK3PX" + chr(65 + i % 26), "period": 30,
                            "digits": 6, "algorithm": "sha1", "issuer": f"Site{i}", "username": f"user{i}"})
        made_codes += 1
    if passkeys and i % every(passkeys) == 0 and made_passkeys < passkeys:
        key = ec.generate_private_key(ec.SECP256R1()).private_bytes(
            serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
        credentials.append({"type": "passkey", "credentialId": b64url(os.urandom(16)), "rpId": f"site{i}.example.com",
                            "username": f"user{i}@example.com", "userDisplayName": f"User {i}",
                            "userHandle": b64url(os.urandom(32)), "key": b64url(key)})
        made_passkeys += 1
    records.append({"id": b64url(i.to_bytes(16, "big")), "creationAt": 1764547200, "modifiedAt": 1764547200,
                    "title": f"Site {i}", "scope": {"urls": [f"https://site{i}.example.com/login"], "androidApps": []},
                    "credentials": credentials})
header = {"version": {"major": 1, "minor": 0}, "exporterRpId": "bench.example", "exporterDisplayName": "bench",
          "timestamp": 1764547200, "accounts": [{"id": "YmVuY2g", "username": "bench", "email": "bench@example.com",
                                                  "items": records}]}
with open(f"{work}/seed.json", "w") as out:
    json.dump(header, out)
PY

sesame() { printf 'bench\n' | "$bin/sesame" "$@" --password-stdin; }
newvault() { printf 'bench\n' | "$bin/sesame" init --allow-weak-password --vault "$1" --kdf-memory 19 --kdf-passes 2 --password-stdin >/dev/null; }
# Runs a command under /usr/bin/time, appending "wall-seconds kilobytes cpu-seconds" to $1.
timed() {
    out=$1
    shift
    /usr/bin/time -f "%e %M %U %S" -o "$work/time.txt" "$@"
    awk '{ printf "%s %s %.2f\n", $1, $2, $3 + $4 }' "$work/time.txt" >> "$out"
}
median() { sort -n | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

source="$work/source.sqlite"
newvault "$source"
sesame import "$work/seed.json" --vault "$source" --json > "$work/seeded.json"
grep -q "\"created\" : $items" "$work/seeded.json" || { echo "the seed import did not create $items items" >&2; exit 1; }

for name in unlock export-csv export-cxf import-csv import-cxf; do : > "$work/$name.times"; done
for run in $(seq "$runs"); do
    empty="$work/empty-$run.sqlite"
    newvault "$empty"
    timed "$work/unlock.times" sh -c "printf 'bench\n' | '$bin/sesame' list --vault '$empty' --password-stdin >/dev/null"
    rm -f "$work/out-$run.csv" "$work/out-$run.json"
    timed "$work/export-csv.times" sh -c "printf 'bench\n' | '$bin/sesame' export --format csv '$work/out-$run.csv' --unencrypted --vault '$source' --password-stdin --json > '$work/export-csv.json'"
    timed "$work/export-cxf.times" sh -c "printf 'bench\n' | '$bin/sesame' export --format cxf '$work/out-$run.json' --unencrypted --vault '$source' --password-stdin --json > '$work/export-cxf.json'"
    grep -q "\"codes\" : $codes" "$work/export-cxf.json" || { echo "the CXF export did not hold $codes codes" >&2; exit 1; }
    grep -q "\"passkeys\" : $passkeys" "$work/export-cxf.json" || { echo "the CXF export did not hold $passkeys passkeys" >&2; exit 1; }
    for format in csv cxf; do
        file="$work/out-$run.csv"
        [ "$format" = cxf ] && file="$work/out-$run.json"
        target="$work/into-$format-$run.sqlite"
        newvault "$target"
        timed "$work/import-$format.times" sh -c "printf 'bench\n' | '$bin/sesame' import '$file' --vault '$target' --password-stdin --json > '$work/import-$format.json'"
        grep -q "\"created\" : $items" "$work/import-$format.json" || { echo "the $format import did not create $items items" >&2; exit 1; }
    done
done

size() { wc -c < "$1" | awk '{ printf "%.1f MiB", $1 / 1048576 }'; }
# The CXF file went back in whole: every passkey of the last run's import is in its vault.
held=$(printf 'bench\n' | "$bin/sesame" passkey list --vault "$work/into-cxf-$runs.sqlite" --password-stdin --json | grep -c '"relyingParty' || true)
[ "$held" = "$passkeys" ] || { echo "the CXF import kept $held of $passkeys passkeys" >&2; exit 1; }
echo "items: $items, codes: $codes, passkeys: $passkeys, runs: $runs (medians; whole processes; key derivation included)"
echo "files: CSV $(size "$work/out-1.csv"), CXF $(size "$work/out-1.json")"
printf '%-12s %10s %12s %14s\n' "" "wall s" "CPU s" "peak RSS MiB"
for name in unlock export-csv export-cxf import-csv import-cxf; do
    seconds=$(cut -d' ' -f1 < "$work/$name.times" | median)
    rss=$(cut -d' ' -f2 < "$work/$name.times" | median | awk '{ printf "%.1f", $1 / 1024 }')
    cpu=$(cut -d' ' -f3 < "$work/$name.times" | median)
    printf '%-12s %10s %12s %14s\n' "$name" "$seconds" "$cpu" "$rss"
done
