#!/bin/sh
# Issue 25's figures: `sesame export` and `sesame import` of a vault of ITEMS logins, CODES of them with a one-time
# code, as Credential Exchange (CXF) JSON beside Safari-column CSV (the same items, codes in its OTPAuth column),
# in the same run. Whole processes from the release build, `--password-stdin --json`, no agent; wall time, CPU time
# (user + system, steadier than wall time on a shared machine) and peak RSS from /usr/bin/time, medians of RUNS. Each import goes into a fresh vault. The vaults use the cheapest key
# derivation Sesame accepts (Argon2id 19 MiB x 2), whose cost is timed alone (`sesame list` of an empty vault) and
# shown so it can be subtracted. Passkeys are not in the figures: Sesame does not hold them yet.
#
# Usage: Benchmarks/cxf.sh [ITEMS] [CODES] [RUNS]        (default 10000 items, 1000 codes, 5 runs; needs python3)
set -eu
cd "$(dirname "$0")/.."
items="${1:-10000}"
codes="${2:-1000}"
runs="${3:-5}"

echo "Building sesame (release)..." >&2
bin="$(scripts/build-static.sh sesame sesame-cli 2>/dev/null)"
work="$(mktemp -d /tmp/sesame-cxf-bench.XXXXXX)"
trap 'rm -rf "$work"' EXIT INT TERM
export HOME="$work" XDG_RUNTIME_DIR="$work/run" SESAME_NO_AGENT=1
unset SESAME_VAULT SESAME_AGENT_SOCK XDG_DATA_HOME
mkdir -m 700 "$work/run"

python3 - "$items" "$codes" "$work" <<'PY'
import sys
items, codes, work = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
every = max(1, items // codes) if codes else 0
with open(f"{work}/seed.csv", "w", newline="") as csv:
    csv.write("Title,URL,Username,Password,Notes,OTPAuth\r\n")
    made = 0
    for i in range(items):
        otp = ""
        if codes and i % every == 0 and made < codes:
            otp = f"otpauth://totp/Site{i}:user{i}?secret=JBSWY3DPEHPK3PX{chr(65 + i % 26)}&issuer=Site{i}"
            made += 1
        csv.write(f'Site {i},https://site{i}.example.com/login,user{i}@example.com,"pw-{i},x",note {i},{otp}\r\n')
PY

sesame() { printf 'bench\n' | "$bin/sesame" "$@" --password-stdin; }
newvault() { printf 'bench\n' | "$bin/sesame" init --vault "$1" --kdf-memory 19 --kdf-passes 2 --password-stdin >/dev/null; }
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
sesame import "$work/seed.csv" --vault "$source" --json > "$work/seed.json"
grep -q "\"created\" : $items" "$work/seed.json" || { echo "the seed import did not create $items items" >&2; exit 1; }

for name in unlock export-csv export-cxf import-csv import-cxf; do : > "$work/$name.times"; done
for run in $(seq "$runs"); do
    empty="$work/empty-$run.sqlite"
    newvault "$empty"
    timed "$work/unlock.times" sh -c "printf 'bench\n' | '$bin/sesame' list --vault '$empty' --password-stdin >/dev/null"
    rm -f "$work/out-$run.csv" "$work/out-$run.json"
    timed "$work/export-csv.times" sh -c "printf 'bench\n' | '$bin/sesame' export --format csv '$work/out-$run.csv' --unencrypted --vault '$source' --password-stdin --json > '$work/export-csv.json'"
    timed "$work/export-cxf.times" sh -c "printf 'bench\n' | '$bin/sesame' export --format cxf '$work/out-$run.json' --unencrypted --vault '$source' --password-stdin --json > '$work/export-cxf.json'"
    grep -q "\"codes\" : $codes" "$work/export-cxf.json" || { echo "the CXF export did not hold $codes codes" >&2; exit 1; }
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
echo "items: $items, codes: $codes, runs: $runs (medians; whole processes; key derivation included)"
echo "files: CSV $(size "$work/out-1.csv"), CXF $(size "$work/out-1.json")"
printf '%-12s %10s %12s %14s\n' "" "wall s" "CPU s" "peak RSS MiB"
for name in unlock export-csv export-cxf import-csv import-cxf; do
    seconds=$(cut -d' ' -f1 < "$work/$name.times" | median)
    rss=$(cut -d' ' -f2 < "$work/$name.times" | median | awk '{ printf "%.1f", $1 / 1024 }')
    cpu=$(cut -d' ' -f3 < "$work/$name.times" | median)
    printf '%-12s %10s %12s %14s\n' "$name" "$seconds" "$cpu" "$rss"
done
