#!/bin/sh
# issue 8: `sesame equivalents import` of 4,000 chained pairs and `sesame fill` afterwards, end to end.
set -eu
cd "$(dirname "$0")/.."
swift build -c release --product sesame >/dev/null
swift build -c release --product sesame-cli >/dev/null  # the front runs it for every command but fill
BIN=.build/release/sesame
D=$(mktemp -d)
export SESAME_VAULT=$D/v.sqlite SESAME_NO_AGENT=1 XDG_RUNTIME_DIR=$D
python3 - "$D/pairs.json" <<'PY'
import json, sys
total = 4000
pairs = []
for k in range(total):
    i = (k * 7919) % total
    c, l = i % 4, i // 4
    pairs.append({"shared": [f"c{c}-{l}.com", f"c{c}-{l+1}.com"]})
json.dump(pairs, open(sys.argv[1], "w"))
PY
echo pw | $BIN init --allow-weak-password --kdf-memory 19 --kdf-passes 2 --password-stdin >/dev/null
printf 'pw\nsecret\n' | $BIN add Site --url https://c1-500.com --password-stdin >/dev/null
median() { jq -r '.results[] | "\(.command): median \(.median * 1000 | floor) ms (\(.times | length) runs)"' "$D/h.json"; }
hyperfine -N --warmup 2 --runs 20 --export-json "$D/h.json" "sh -c 'echo pw | $BIN fill https://c1-500.com --json --password-stdin'" >/dev/null 2>&1; median
hyperfine --runs 5 --export-json "$D/h.json" --prepare "sh -c 'echo pw | $BIN equivalents rm --all --password-stdin'" "sh -c 'echo pw | $BIN equivalents import $D/pairs.json --password-stdin'" >/dev/null 2>&1; median
hyperfine -N --warmup 2 --runs 20 --export-json "$D/h.json" "sh -c 'echo pw | $BIN fill https://c1-500.com --json --password-stdin'" >/dev/null 2>&1; median
rm -rf "$D"
