#!/bin/sh
# Issue 5's and issue 8's figure: `git credential fill` through git-credential-sesame, answered by an unlocked
# agent holding ITEMS items, as whole processes (hyperfine median), side by side with git's own plain-text `store`
# helper reading a ~/.git-credentials of the same number of entries (issue 8's target: <= 1.3x at 10,000).
# Fully static release build (scripts/build-static.sh).
#
# Usage: Benchmarks/git.sh [ITEMS]        (default 10000; needs hyperfine, jq and git)
set -eu
cd "$(dirname "$0")/.."
items="${1:-10000}"

echo "Building sesame, sesame-cli, git-credential-sesame, sesame-git-credential and SesameBench (release)..."
bin="$(scripts/build-static.sh sesame sesame-cli git-credential-sesame sesame-git-credential SesameBench 2>/dev/null)"

work="$(mktemp -d /tmp/sesame-git-bench.XXXXXX)"
export HOME="$work" XDG_RUNTIME_DIR="$work/run" SESAME_VAULT="$work/vault.sqlite" GIT_CONFIG_NOSYSTEM=1
export GIT_TERMINAL_PROMPT=0 PATH="$bin:$PATH"
unset SESAME_AGENT_SOCK SESAME_NO_AGENT XDG_DATA_HOME
mkdir -m 700 "$work/run"
cleanup() { "$bin/sesame" agent --stop >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT INT TERM

printf 'bench master password\n' | "$bin/SesameBench" make-vault "$SESAME_VAULT" "$items"
printf 'bench master password\n' | "$bin/sesame" unlock --password-stdin --timeout 1h >/dev/null
printf 's3cret-for-git\n' | "$bin/sesame" add "git.example.com" --url https://git.example.com --username alice \
    --password-stdin >/dev/null

# The same number of entries for git's store helper, the one we look for last (it reads the file in order).
awk -v n="$items" 'BEGIN { for (i = 0; i < n; i++) printf "https://user%d:pw-%d@site%d-example.com\n", i, i, int(i / 3) }' \
    > "$work/.git-credentials"
echo "https://alice:s3cret-for-git@git.example.com" >> "$work/.git-credentials"
chmod 600 "$work/.git-credentials"
printf 'protocol=https\nhost=git.example.com\n\n' > "$work/request"

echo "https://alice:s3cret-for-git@git.example.com" > "$work/one-credential"
chmod 600 "$work/one-credential"

sesame_fill="git -c credential.helper= -c credential.helper=sesame credential fill < $work/request"
store_fill="git -c credential.helper= -c credential.helper=store credential fill < $work/request"
store_one="git -c credential.helper= -c 'credential.helper=store --file=$work/one-credential' credential fill < $work/request"
# Before the front: the full helper answering the same request.
full_fill="git -c credential.helper= -c credential.helper=$bin/sesame-git-credential credential fill < $work/request"
for command in "$sesame_fill" "$store_fill" "$store_one" "$full_fill"; do
    out="$(sh -c "$command")"
    case "$out" in *password=s3cret-for-git*) ;; *) echo "'$command' did not answer: $out" >&2; exit 1 ;; esac
done

echo
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "## git credential fill, whole process, $items entries (sh -c for both, so the overhead is equal)"
hyperfine --warmup 5 --runs 100 --export-json "$work/git.json" \
    -n "git-credential-sesame (agent unlocked)" "$sesame_fill" \
    -n "git's store helper, the same $items entries in its plain-text file" "$store_fill" \
    -n "git's store helper, a file of one entry (its fastest case)" "$store_one" \
    -n "sesame-git-credential, the full helper (before the front)" "$full_fill" >/dev/null
jq -r '.results[] | "| \(.command) | median \(.median * 1000 * 100 | round / 100) ms | mean \(.mean * 1000 * 100 | round / 100) ms ± \(.stddev * 1000 * 100 | round / 100) |"' "$work/git.json"
jq -r '"| ratio sesame / store, same entries (medians) | \((.results[0].median / .results[1].median) * 100 | round / 100) | |"' "$work/git.json"
jq -r '"| ratio sesame / store, one entry (medians) | \((.results[0].median / .results[2].median) * 100 | round / 100) | |"' "$work/git.json"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
