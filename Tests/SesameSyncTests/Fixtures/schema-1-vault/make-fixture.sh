#!/bin/sh
# Writes a schema-1 vault with the sesame CLI of a checkout of commit 4741404, non-interactively.
# Usage: make-schema1.sh CHECKOUT OUTPUT_DIR
set -e
B="$1/.build/debug/sesame"; G="$1/.build/debug/git-credential-sesame"; OUT="$2"
T=$(mktemp -d); mkdir -m 700 "$T/run" "$T/home"
export XDG_RUNTIME_DIR="$T/run" XDG_DATA_HOME="$T/data" XDG_CONFIG_HOME="$T/config" HOME="$T/home"
mkdir -p "$OUT"; V="$OUT/vault.sqlite"; P='correct horse'
printf '%s\n%s\n' "$P" "$P" | SESAME_NO_AGENT=1 $B init --vault "$V" --kdf-memory 19 --kdf-passes 2 --password-stdin
export SESAME_NO_AGENT=1
printf '%s\none\n1234\n' "$P" | $B add Mail --vault "$V" -u ann --url https://mail.example.com/login \
    --url https://webmail.example.org --field Recovery=abc --protected-field PIN --tag work \
    --notes "$(printf 'line one\nline two')" --password-stdin
printf '%s\ntwo\n' "$P" | $B edit Mail --vault "$V" --password --password-stdin
printf '%s\nhunter2\n' "$P" | $B add 'Device app' --vault "$V" -u bob --notes pending --password-stdin
printf '%s\nsecret\n' "$P" | $B add Rejected --vault "$V" -u carol --url https://rejected.example.net --password-stdin
printf '%s\ngone\n' "$P" | $B add Gone --vault "$V" -u dave --url https://gone.example.com --password-stdin
printf '%s\n' "$P" | $B rm Gone --vault "$V" --force --password-stdin
printf '%s\n' "$P" | $B equivalents add example.com example.net --vault "$V" --password-stdin
printf '%s\n' "$P" | $B fill https://mail.example.com --vault "$V" --password-stdin >/dev/null
# git's 'erase' is what moved an item to the trash at this commit; it is served by an unlocked agent.
unset SESAME_NO_AGENT
printf '%s\n' "$P" | $B unlock --vault "$V" --password-stdin
printf 'protocol=https\nhost=rejected.example.net\nusername=carol\n\n' | $G --vault "$V" erase
$B agent --stop
sleep 1
sqlite3 "$V" 'PRAGMA wal_checkpoint(TRUNCATE)' >/dev/null
rm -f "$V-wal" "$V-shm"; rm -rf "$T"
