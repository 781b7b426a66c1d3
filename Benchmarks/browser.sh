#!/bin/sh
# Issue 14's figure: `get-logins` through the browser host at ITEMS items (default 100,000), median round trip
# from the client's write to its read (aim: under 10 ms), played by the PyNaCl client of the tests; beside it, in
# the same run, `sesame fill URL --json` (the CLI's answer to the same question, a whole process) and the
# process-start floor. Fully static release build (scripts/build-static.sh).
#
# Usage: Benchmarks/browser.sh [ITEMS]      (needs /usr/bin/python3 with python3-nacl, hyperfine and jq)
set -eu
cd "$(dirname "$0")/.."
items=${1:-100000}

echo "Building sesame, sesame-browser-host and SesameBench (release, fully static)..."
bin="$(scripts/build-static.sh sesame sesame-cli sesame-browser-host SesameBench 2>/dev/null)"
sesame="$bin/sesame"

work="$(mktemp -d /tmp/sesame-browser-bench.XXXXXX)"
export HOME="$work" XDG_RUNTIME_DIR="$work/run" SESAME_VAULT="$work/vault.sqlite"
export PYTHONPATH="$PWD/Tests/SesameBrowserTests/Scripts" PYTHONDONTWRITEBYTECODE=1
unset SESAME_AGENT_SOCK SESAME_NO_AGENT XDG_DATA_HOME
mkdir -m 700 "$work/run"
cleanup() { "$sesame" agent --stop >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT INT TERM

ms() { jq -r ".results[0].median * 1000 * 100 | round / 100" "$1"; }

# Items 369 and 370 are logins at www.site123-example.com (Benchmarks/SesameBench/Fixtures.swift).
url="https://www.site123-example.com/login"
printf 'bench master password\n' | "$bin/SesameBench" make-vault "$SESAME_VAULT" "$items" 2>/dev/null
printf 'bench master password\n' | "$sesame" unlock --password-stdin --timeout 1h >/dev/null
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| $items items | median |"
echo "|---|---|"
/usr/bin/python3 Benchmarks/browser_bench.py "$bin/sesame-browser-host" "$sesame" "$url" 300
hyperfine -N --warmup 10 --runs 200 --export-json "$work/fill.json" "$sesame fill $url --json" >/dev/null
hyperfine -N --warmup 10 --runs 200 --export-json "$work/version.json" "$sesame --version" >/dev/null
echo "| reference: sesame fill URL --json (whole process) | $(ms "$work/fill.json") ms |"
echo "| reference: sesame --version (process start) | $(ms "$work/version.json") ms |"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
