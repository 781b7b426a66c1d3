#!/bin/sh
# A short tour of the main job, in a throwaway vault. Secrets go through stdin, never argv.
set -eu
demo="$(mktemp -d)"
trap 'rm -rf "$demo"' EXIT
export SESAME_VAULT="$demo/vault.sqlite"

run() { printf '$ %s\n' "$*" | sed 's/--password-stdin//'; "$@"; echo; }

printf 'demo-master\n' | run sesame init --password-stdin
printf 'demo-master\ns3cret-for-github\n' | run sesame add GitHub --username alice --url https://github.com --password-stdin
printf 'demo-master\n' | run sesame add "Work mail" --username alice@work.example --url https://mail.work.example --generate --password-stdin
printf 'demo-master\n' | run sesame list --password-stdin
printf 'demo-master\n' | run sesame show GitHub --password-stdin
