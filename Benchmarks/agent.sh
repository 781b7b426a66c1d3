#!/bin/sh
# Issue 4's figures: end-to-end `sesame fill URL --json` as a whole process against an unlocked agent that holds
# a vault of 100,000 items (hyperfine median), the agent's memory, and requests per second from 8 concurrent
# clients. Release build with the Swift runtime linked statically, for startup (docs: swift-on-linux.md §11).
#
# Usage: Benchmarks/agent.sh [ITEMS]        (default 100000; needs hyperfine and jq)
# Everything happens in a throwaway HOME with its own agent, which is stopped at the end.
set -eu
cd "$(dirname "$0")/.."
items="${1:-100000}"

echo "Building sesame and SesameBench (release, --static-swift-stdlib)..."
swift build -c release --static-swift-stdlib --product sesame >/dev/null
swift build -c release --static-swift-stdlib --product SesameBench >/dev/null
bin="$(swift build -c release --static-swift-stdlib --show-bin-path)"
sesame="$bin/sesame"

work="$(mktemp -d /tmp/sesame-agent-bench.XXXXXX)"
export HOME="$work" XDG_RUNTIME_DIR="$work/run" SESAME_VAULT="$work/vault.sqlite"
unset SESAME_AGENT_SOCK SESAME_NO_AGENT XDG_DATA_HOME
mkdir -m 700 "$work/run"
cleanup() { "$sesame" agent --stop >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT INT TERM

printf 'bench master password\n' | "$bin/SesameBench" make-vault "$SESAME_VAULT" "$items"
printf 'bench master password\n' | "$sesame" unlock --password-stdin --timeout 1h
pid="$("$sesame" status --json | jq -r .pid)"
echo "Agent pid $pid; $(grep -E '^VmRSS' /proc/"$pid"/status | tr -s ' \t' ' ') right after unlock"

# Items 37035 and 37036 are logins at site12345-example.com (see Benchmarks/SesameBench/Fixtures.swift).
url="https://www.site12345-example.com/login"
if "$sesame" help fill >/dev/null 2>&1; then
    set -- "$sesame" fill "$url" --json
else
    echo "Note: this build has no 'sesame fill' yet; timing 'sesame show <id> --json' through the agent instead."
    id="$("$sesame" list --json | jq -r 'first(.[] | select(.title | startswith("Account 37035 "))) | .id')"
    set -- "$sesame" show "$id" --json
fi
"$@" >/dev/null || { echo "'$*' failed" >&2; exit 1; }

echo
echo "## End to end, whole process, agent unlocked, $items items"
hyperfine -N --warmup 3 --runs 200 --export-json "$work/fill.json" "$*"
hyperfine -N --warmup 3 --runs 200 --export-json "$work/version.json" "$sesame --version" >/dev/null
jq -r '.results[0] | "| \(.command | sub("^[^ ]*/"; "")) | median \(.median * 1000 * 100 | round / 100) ms | mean \(.mean * 1000 * 100 | round / 100) ms ± \(.stddev * 1000 * 100 | round / 100) |"' "$work/fill.json"
jq -r '.results[0] | "| reference: sesame --version (process start only) | median \(.median * 1000 * 100 | round / 100) ms | |"' "$work/version.json"

echo
echo "## Throughput"
"$bin/SesameBench" agent-throughput 8 5

echo
echo "## Agent memory at $items items"
grep -E '^(VmRSS|VmHWM)' /proc/"$pid"/status | tr -s ' \t' ' '
