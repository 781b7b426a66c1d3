#!/bin/sh
# Issue 4's and issue 8's figures, against an unlocked agent, as whole processes (hyperfine medians):
# `sesame fill URL --json` and `git-credential-sesame get` at each vault size (default 1,000, 10,000 and 100,000
# items; issue 8's target: <= 2.5 ms and flat), the process-start floor beside them, the peak RSS of
# `sesame match --json` with no identifiers at the largest size (through the agent and in-process; target
# < 30 MiB), requests per second from 8 concurrent clients and the agent's memory. Release build
# (scripts/build-static.sh): `sesame` and `git-credential-sesame` are the fully static fronts that serve `fill` and
# `get` themselves; `sesame-cli fill` and `sesame-git-credential get`, the full programs doing the same, are the
# figures before the fronts, measured in the same run.
#
# Usage: Benchmarks/agent.sh [ITEMS...]        (needs hyperfine, jq and GNU time)
# SESAME_STATIC_BUILD: the build folder for scripts/build-static.sh; RUNS: hyperfine runs per command (default 300).
# Everything happens in a throwaway HOME with its own agent, which is stopped at the end.
set -eu
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || set -- 1000 10000 100000

echo "Building sesame, sesame-cli, git-credential-sesame, sesame-git-credential and SesameBench (release)..."
bin="$(scripts/build-static.sh sesame sesame-cli git-credential-sesame sesame-git-credential SesameBench 2>/dev/null)"
sesame="$bin/sesame"
helper="$bin/git-credential-sesame"

work="$(mktemp -d /tmp/sesame-agent-bench.XXXXXX)"
export HOME="$work" XDG_RUNTIME_DIR="$work/run"
unset SESAME_AGENT_SOCK SESAME_NO_AGENT XDG_DATA_HOME SESAME_VAULT
mkdir -m 700 "$work/run"
cleanup() { "$sesame" agent --stop >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT INT TERM

runs="${RUNS:-300}"
# The wall-clock median and, in parentheses, the process's CPU time (hyperfine's user + system means, the agent's
# share not included), which other work on the shared machine hardly changes.
ms() { jq -r '"\(.results[0].median * 1000 * 100 | round / 100) (CPU \((.results[0].user + .results[0].system) * 1000 * 100 | round / 100))"' "$1"; }

# Items 369 and 370 are logins at www.site123-example.com, in every vault of 1,000 items or more
# (Benchmarks/SesameBench/Fixtures.swift).
url="https://www.site123-example.com/login"
printf 'protocol=https\nhost=www.site123-example.com\n\n' > "$work/request"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
# hyperfine runs `get` through sh -c (for its standard input) and subtracts the shell's own start-up, which it
# measures first.
echo "| items | sesame fill URL --json | sesame-cli fill URL --json (before) | git-credential-sesame get | sesame-git-credential get (before) | sesame-cli --version | sesame-git-credential --version | /bin/true |"
echo "|---|---|---|---|---|---|---|---|"
for items in "$@"; do
    export SESAME_VAULT="$work/vault-$items.sqlite"
    printf 'bench master password\n' | "$bin/SesameBench" make-vault "$SESAME_VAULT" "$items" 2>/dev/null
    "$sesame" lock >/dev/null 2>&1 || true
    printf 'bench master password\n' | "$sesame" unlock --password-stdin --timeout 1h >/dev/null
    "$sesame" fill "$url" --json >/dev/null || { echo "sesame fill failed at $items items" >&2; exit 1; }
    case "$("$helper" get < "$work/request")" in *password=pw-*) ;; *) echo "git-credential-sesame get failed" >&2; exit 1 ;; esac
    hyperfine -N --warmup 10 --runs "$runs" --export-json "$work/fill.json" "$sesame fill $url --json" >/dev/null
    hyperfine -N --warmup 10 --runs "$runs" --export-json "$work/cli-fill.json" "$bin/sesame-cli fill $url --json" >/dev/null
    hyperfine --warmup 10 --runs "$runs" --export-json "$work/get.json" "$helper get < $work/request" >/dev/null
    hyperfine --warmup 10 --runs "$runs" --export-json "$work/full-get.json" "$bin/sesame-git-credential get < $work/request" >/dev/null
    hyperfine -N --warmup 10 --runs "$runs" --export-json "$work/version.json" "$bin/sesame-cli --version" >/dev/null
    hyperfine -N --warmup 10 --runs "$runs" --export-json "$work/helper.json" "$bin/sesame-git-credential --version" >/dev/null
    hyperfine -N --warmup 10 --runs "$runs" --export-json "$work/true.json" "/bin/true" >/dev/null
    echo "| $items | $(ms "$work/fill.json") ms | $(ms "$work/cli-fill.json") ms | $(ms "$work/get.json") ms | $(ms "$work/full-get.json") ms | $(ms "$work/version.json") ms | $(ms "$work/helper.json") ms | $(ms "$work/true.json") ms |"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"

echo
echo "## sesame match --json with no identifiers, $items items: peak RSS"
/usr/bin/time -f '| through the agent | %M KiB |' "$sesame" match --json > /dev/null
printf 'bench master password\n' | SESAME_NO_AGENT=1 \
    /usr/bin/time -f '| in-process (SESAME_NO_AGENT=1, Argon2id 64 MiB included) | %M KiB |' \
    "$sesame" match --json --password-stdin > /dev/null

echo
echo "## Throughput, $items items"
"$bin/SesameBench" agent-throughput 8 5

pid="$("$sesame" status --json | jq -r .pid)"
echo
echo "## Agent memory ($items items)"
grep -E '^(VmRSS|VmHWM)' /proc/"$pid"/status | tr -s ' \t' ' '
