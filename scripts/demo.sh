#!/bin/sh
# A short tour of the main job, in a throwaway vault with its own agent. Secrets go through stdin, never argv.
set -eu
demo="$(mktemp -d)"
export SESAME_VAULT="$demo/vault.sqlite" XDG_RUNTIME_DIR="$demo/run" HOME="$demo" GIT_CONFIG_NOSYSTEM=1
mkdir -m 700 "$demo/run"
trap 'sesame agent --stop >/dev/null 2>&1 || true; rm -rf "$demo"' EXIT

run() { printf '$ %s\n' "$*" | sed 's/ --password-stdin//'; "$@"; echo; }

printf 'demo-master\n' | run sesame init --kdf-memory 64 --allow-weak-password --password-stdin
printf 'demo-master\ns3cret-for-github\n' | run sesame add GitHub --username alice --url https://github.com --password-stdin
printf 'demo-master\n' | run sesame add "GitHub (work)" --username alice-work --url https://github.com --generate --password-stdin
printf 'demo-master\nmail-pw\n' | run sesame add "Work mail" --username alice@work.example --url https://mail.work.example --password-stdin
printf 'demo-master\n' | run sesame list --password-stdin

echo "# Unlock once: the agent holds the key, commands stop asking."
printf 'demo-master\n' | run sesame unlock --password-stdin
run sesame match https://github.com/login
run sesame fill https://gist.github.com --username alice --json

echo "# git asks Sesame (credential.helper sesame), and Sesame answers from the unlocked agent."
run sesame setup git
printf 'protocol=https\nhost=github.com\n\n' | run git credential fill
run sesame lock
