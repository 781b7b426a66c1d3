#!/bin/sh
# Issues 5, 8 and 27: `git credential fill` through git-credential-sesame, answered by an unlocked agent holding
# ITEMS items, as whole processes (hyperfine medians), side by side with git's own plain-text `store` helper reading
# a ~/.git-credentials of the same number of entries (issue 27's target: <= 1.0x), in both forms of the helper:
# its absolute path (what `sesame setup git` writes since issue 27: git's shell runs it directly) and the name
# `sesame` (what it wrote before: git starts `git credential-sesame`, which looks the helper up and runs it).
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

sesame_fill="git -c credential.helper= -c credential.helper=$bin/git-credential-sesame credential fill < $work/request"
sesame_name="git -c credential.helper= -c credential.helper=sesame credential fill < $work/request"
store_fill="git -c credential.helper= -c credential.helper=store credential fill < $work/request"
store_one="git -c credential.helper= -c \"credential.helper=store --file=$work/one-credential\" credential fill < $work/request"
# Before the front: the full helper answering the same request.
full_fill="git -c credential.helper= -c credential.helper=$bin/sesame-git-credential credential fill < $work/request"
for command in "$sesame_fill" "$store_fill" "$store_one" "$full_fill" "$sesame_name"; do
    out="$(sh -c "$command")"
    case "$out" in *password=s3cret-for-git*) ;; *) echo "'$command' did not answer: $out" >&2; exit 1 ;; esac
done

echo
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
# Every command runs as `sh -c '…'` (for its standard input) with hyperfine's shell disabled (-N): the same shell
# start in each, nothing subtracted (subtracting a shell measured apart gave 0 ms medians on the loaded machine).
# Beside the wall-clock median, the CPU time of the whole process tree (hyperfine's user + system means), which
# other work on the machine hardly changes.
report() {
    jq -r '.results[] | "| \(.command | sub("^sh -c "; "") | .[0:60]) | median \(.median * 1000 * 100 | round / 100) ms | CPU \((.user + .system) * 1000 * 100 | round / 100) ms |"' "$1"
}
ratio() {
    jq -r --argjson a "$2" --argjson b "$3" '"| \($ARGS.named.label) | \((.results[$a].median / .results[$b].median) * 100 | round / 100) (medians) | \(((.results[$a].user + .results[$a].system) / (.results[$b].user + .results[$b].system)) * 100 | round / 100) (CPU) |"' --arg label "$4" "$1"
}
echo "## git credential fill, whole process, $items entries"
echo "| command | wall clock | CPU |"
echo "|---|---|---|"
hyperfine -N --warmup 5 --runs 200 --export-json "$work/git.json" \
    "sh -c '$sesame_fill'" "sh -c '$store_fill'" "sh -c '$store_one'" "sh -c '$full_fill'" "sh -c '$sesame_name'" >/dev/null
report "$work/git.json"
echo "(in order: Sesame by its path, what setup git writes; git's store helper on the same $items entries; store on"
echo "a file of one entry; the full helper sesame-git-credential, before the front; credential.helper=sesame by name)"
ratio "$work/git.json" 0 1 "Sesame by path / store, same entries"
ratio "$work/git.json" 4 1 "Sesame by name / store, same entries"
ratio "$work/git.json" 0 2 "Sesame by path / store, one entry"
echo
echo "## The helpers alone (get, whole process)"
hyperfine -N --warmup 5 --runs 200 --export-json "$work/alone.json" \
    "sh -c '$bin/git-credential-sesame get < $work/request'" "sh -c 'git credential-store get < $work/request'" >/dev/null
report "$work/alone.json"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
