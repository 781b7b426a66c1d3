#!/bin/sh
# Issue 12's figure: `sesame import` of a ROWS-row Chrome CSV into a fresh vault, as a whole process (median of
# RUNS), beside KeePassXC ingesting the same entries (`keepassxc-cli import` of a KeePass XML export into a new
# database). Both include their key derivation, set as cheap as each allows (Sesame: Argon2id 19 MiB x 2, about
# 0.05 s; KeePassXC: --decryption-time 100 ms, its minimum), which is also timed alone and subtracted for the
# "key derivation excluded" figure of issue 12. Fully static release build (scripts/build-static.sh).
#
# Also issue 27's figure: the size at rest of the vault the import wrote (after its last connection closed, which
# folds the WAL into the file), beside KeePassXC's file of the same entries.
#
# Usage: Benchmarks/import.sh [ROWS] [RUNS]        (default 10000 rows, 5 runs; needs keepassxc-cli, python3)
set -eu
cd "$(dirname "$0")/.."
rows="${1:-10000}"
runs="${2:-5}"

echo "Building sesame (release, fully static)..."
bin="$(scripts/build-static.sh sesame sesame-cli 2>/dev/null)"
work="$(mktemp -d /tmp/sesame-import-bench.XXXXXX)"
trap 'rm -rf "$work"' EXIT INT TERM
export HOME="$work" XDG_RUNTIME_DIR="$work/run" SESAME_NO_AGENT=1
unset SESAME_VAULT SESAME_AGENT_SOCK XDG_DATA_HOME
mkdir -m 700 "$work/run"

python3 - "$rows" "$work" <<'PY'
import sys, html
rows, work = int(sys.argv[1]), sys.argv[2]
with open(f"{work}/logins.csv", "w", newline="") as csv:
    csv.write("name,url,username,password,note\r\n")
    for i in range(rows):
        csv.write(f'Site {i},https://site{i}.example.com/login,user{i}@example.com,"pw-{i},x",note {i}\r\n')
with open(f"{work}/logins.xml", "w") as xml:
    xml.write('<?xml version="1.0" encoding="UTF-8"?><KeePassFile><Meta><Generator>bench</Generator></Meta><Root><Group><Name>Root</Name>')
    for i in range(rows):
        xml.write(f'<Entry><String><Key>Title</Key><Value>Site {i}</Value></String>'
                  f'<String><Key>URL</Key><Value>https://site{i}.example.com/login</Value></String>'
                  f'<String><Key>UserName</Key><Value>user{i}@example.com</Value></String>'
                  f'<String><Key>Password</Key><Value>pw-{i},x</Value></String>'
                  f'<String><Key>Notes</Key><Value>note {i}</Value></String></Entry>')
    xml.write('</Group></Root></KeePassFile>')
PY

median() { sort -n | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
now() { date +%s.%N; }

: > "$work/sesame.times"; : > "$work/kdf.times"; : > "$work/keepassxc.times"
for run in $(seq "$runs"); do
    vault="$work/vault-$run.sqlite"
    printf 'bench\n' | "$bin/sesame" init --allow-weak-password --vault "$vault" --kdf-memory 19 --kdf-passes 2 --password-stdin >/dev/null
    # The unlock alone: key derivation and opening, what a real import pays once before any row.
    start=$(now); printf 'bench\n' | "$bin/sesame" list --vault "$vault" --password-stdin >/dev/null; end=$(now)
    echo "$end - $start" | bc >> "$work/kdf.times"
    start=$(now)
    printf 'bench\n' | "$bin/sesame" import "$work/logins.csv" --vault "$vault" --password-stdin --json > "$work/out.json"
    end=$(now)
    echo "$end - $start" | bc >> "$work/sesame.times"
    grep -q "\"created\" : $rows" "$work/out.json" || { echo "import did not create $rows items" >&2; exit 1; }
    rm -f "$work/kp-$run.kdbx"
    start=$(now)
    printf 'bench\nbench\n' | keepassxc-cli import -q -p -t 100 "$work/logins.xml" "$work/kp-$run.kdbx" >/dev/null 2>&1
    end=$(now)
    echo "$end - $start" | bc >> "$work/keepassxc.times"
done
sesame=$(median < "$work/sesame.times")
kdf=$(median < "$work/kdf.times")
keepassxc=$(median < "$work/keepassxc.times")
echo "rows: $rows, runs: $runs (medians)"
echo "sesame import (whole process):            ${sesame} s"
echo "sesame list of an empty vault (unlock):   ${kdf} s"
echo "sesame import, unlock excluded:           $(echo "$sesame - $kdf" | bc) s"
echo "keepassxc-cli import of the same entries: ${keepassxc} s"
size() { stat -c %s "$1"; }
echo "vault file after the import, at rest:     $(size "$work/vault-$runs.sqlite") bytes, $(( $(size "$work/vault-$runs.sqlite") / rows )) bytes per login"
echo "keepassxc-cli's file of the same entries: $(size "$work/kp-$runs.kdbx") bytes, $(( $(size "$work/kp-$runs.kdbx") / rows )) bytes per entry"
