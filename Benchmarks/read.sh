#!/bin/sh
# Issue 27's figure for the read commands: `sesame match`, `show`, `totp` and `list` as whole processes against an
# unlocked agent (hyperfine medians), served by the fully static front (`sesame`, target <= 3 ms), beside the full
# CLI answering the same (`sesame-cli`, the figure before), `sesame fill` (what the front served already) and
# /bin/true, at each vault size (default 1,000, 10,000 and 100,000 items). Release build (scripts/build-static.sh).
#
# Usage: Benchmarks/read.sh [ITEMS...]        (needs hyperfine and jq)
# SESAME_STATIC_BUILD: the build folder for scripts/build-static.sh; RUNS: hyperfine runs per command (default 200).
set -eu
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || set -- 1000 10000 100000

echo "Building sesame, sesame-cli and SesameBench (release)..."
bin="$(scripts/build-static.sh sesame sesame-cli SesameBench 2>/dev/null)"
sesame="$bin/sesame"

work="$(mktemp -d /tmp/sesame-read-bench.XXXXXX)"
export HOME="$work" XDG_RUNTIME_DIR="$work/run"
unset SESAME_AGENT_SOCK SESAME_NO_AGENT XDG_DATA_HOME SESAME_VAULT
mkdir -m 700 "$work/run"
cleanup() { "$sesame" agent --stop >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT INT TERM

runs="${RUNS:-200}"
# Listing every login grows with the vault (a second at 10,000 items): a tenth of the runs, at least 3.
list_runs=$((runs / 10 > 3 ? runs / 10 : 3))
row_runs=$runs
# The wall-clock median, and the process's CPU time (hyperfine's user + system means; the agent's share is not in
# it), which other work on the shared machine hardly changes.
ms() { jq -r '"\(.results[0].median * 1000 * 100 | round / 100) ms (CPU \((.results[0].user + .results[0].system) * 1000 * 100 | round / 100))"' "$1"; }
# Runs the command through the front and through the full CLI (the same words) and prints a row.
row() {
    label="$1"
    shift
    "$sesame" "$@" >/dev/null || { echo "sesame $* failed" >&2; exit 1; }
    hyperfine -N --warmup 1 --runs "$row_runs" --export-json "$work/front.json" "$sesame $*" >/dev/null
    hyperfine -N --warmup 1 --runs "$row_runs" --export-json "$work/full.json" "$bin/sesame-cli $*" >/dev/null
    echo "| $items | $label | $(ms "$work/front.json") | $(ms "$work/full.json") |"
}

# Items 369 and 370 are logins at www.site123-example.com in every vault of 1,000 items or more
# (Benchmarks/SesameBench/Fixtures.swift). Items are named by id (one word for hyperfine).
url="https://www.site123-example.com/login"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| items | command | sesame (front) | sesame-cli (full CLI, before) |"
echo "|---|---|---|---|"
for items in "$@"; do
    export SESAME_VAULT="$work/vault-$items.sqlite"
    printf 'bench master password\n' | "$bin/SesameBench" make-vault "$SESAME_VAULT" "$items" 2>/dev/null
    "$sesame" lock >/dev/null 2>&1 || true
    printf 'bench master password\n' | "$sesame" unlock --password-stdin --timeout 1h >/dev/null
    printf 'pw\nJBSWY3DPEHPK3PXP\n' | "$sesame" add "Bench code" --url https://code.example --otp --password-stdin >/dev/null
    login="$("$sesame" match "$url" --json | jq -r '.[0].id')"
    code="$("$sesame" match https://code.example --json | jq -r '.[0].id')"
    row "match URL --json" match "$url" --json
    row "match URL (table)" match "$url"
    row "show ITEM" show "$login"
    row "show ITEM --reveal --json" show "$login" --reveal --json
    row "totp ITEM" totp "$code"
    row_runs=$list_runs
    row "list --json (every login)" list --json
    row "match --json (every login)" match --json
    row_runs=$runs
    row "fill URL --json (front before this issue too)" fill "$url" --json
    hyperfine -N --warmup 5 --runs "$runs" --export-json "$work/true.json" /bin/true >/dev/null
    echo "| $items | /bin/true | $(ms "$work/true.json") | |"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
