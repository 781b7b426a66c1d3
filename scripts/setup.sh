#!/bin/sh
# Installs the system packages, builds Sesame in release mode, installs it on PATH and runs a short demo.
# Run as root on Debian 12.
set -eu
cd "$(dirname "$0")/.."

echo "==> Installing the packages Sesame needs to build and run (scripts/packages.txt)"
sh scripts/packages.sh build run

echo "==> Building (release; fully static where the C libraries allow: they start fast and run anywhere)"
bin="$(scripts/build-static.sh sesame sesame-cli git-credential-sesame sesame-git-credential sesame-browser-host sesame-autotype sesame-secret-service)"

echo "==> Installing into /usr/local/bin"
# sesame and git-credential-sesame run the full programs, sesame-cli and sesame-git-credential, from their own
# folder; sesame-cli runs sesame-autotype and sesame-secret-service from its own (docs/design.md, autotype.md,
# secret-service.md).
for program in sesame sesame-cli git-credential-sesame sesame-git-credential sesame-browser-host sesame-autotype sesame-secret-service; do
    install -m 0755 "$bin/$program" "/usr/local/bin/$program"
done

echo "==> Demo (in a throwaway vault)"
sh scripts/demo.sh
