#!/bin/sh
# Writes a schema-4 vault (item payloads in format 2), synced through a folder, with the sesame-cli of a checkout of
# commit 703edef (the last commit before schema 5 and payload format 3).
# Usage: make-fixture.sh CHECKOUT OUTPUT_DIR
set -e
B="$1/.build/debug/sesame-cli"; OUT="$2"
T=$(mktemp -d); mkdir -m 700 "$T/run" "$T/home"
export XDG_RUNTIME_DIR="$T/run" XDG_DATA_HOME="$T/data" XDG_CONFIG_HOME="$T/config" HOME="$T/home" SESAME_NO_AGENT=1
mkdir -p "$OUT"; V="$OUT/vault.sqlite"; R="$OUT/remote"; P='correct horse'
printf '%s\n%s\n' "$P" "$P" | $B init --vault "$V" --kdf-memory 19 --kdf-passes 2 --allow-weak-password --password-stdin
printf '%s\none\notpauth://totp/Mail:ann?secret=JBSWY3DPEHPK3PXP&issuer=Mail\n1234\n' "$P" | $B add Mail --vault "$V" \
    -u ann --url https://mail.example.com/login --url http://webmail.example.org:8080 --field Recovery=abc \
    --protected-field PIN --otp --tag work --notes "$(printf 'line one\nline two')" --password-stdin
printf '%s\ntwo\n' "$P" | $B edit Mail --vault "$V" --password --password-stdin
printf '%s\nhunter2\n' "$P" | $B add 'Device app' --vault "$V" -u bob --url intranet.example.net --match host --notes pending --password-stdin
printf '%s\nsecret\n' "$P" | $B add Rejected --vault "$V" -u carol --url https://rejected.example.net --password-stdin
printf '%s\ngone\n' "$P" | $B add Gone --vault "$V" -u dave --url https://gone.example.com --password-stdin
printf '%s\n' "$P" | $B equivalents add example.com example.net --vault "$V" --password-stdin
printf '%s\n' "$P" | $B fill https://mail.example.com --vault "$V" --password-stdin >/dev/null
printf '%s\n' "$P" | $B sync setup folder "$R" --vault "$V" --password-stdin
printf '%s\n' "$P" | $B rm Rejected --vault "$V" --password-stdin
printf '%s\n' "$P" | $B rm Gone --vault "$V" --permanent --force --password-stdin
printf '%s\n' "$P" | $B sync --vault "$V" --password-stdin
# One change left unpublished.
printf '%s\n' "$P" | $B edit 'Device app' --vault "$V" --notes 'not yet synced' --password-stdin
sqlite3 "$V" 'PRAGMA wal_checkpoint(TRUNCATE)' >/dev/null
rm -f "$V-wal" "$V-shm"; rm -rf "$T"
