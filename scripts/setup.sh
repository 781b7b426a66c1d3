#!/bin/sh
# Installs the system packages, builds Sesame in release mode, installs it on PATH and runs a short demo.
# Run as root on Debian 12.
set -eu
cd "$(dirname "$0")/.."

echo "==> Installing the packages Sesame needs to build and run (scripts/packages.txt)"
sh scripts/packages.sh build run

echo "==> Building (release; fully static where the C libraries allow: they start fast and run anywhere)"
bin="$(scripts/build-static.sh sesame sesame-cli git-credential-sesame sesame-git-credential sesame-browser-host sesame-autotype sesame-secret-service sesame-clipboard)"

echo "==> Installing into /usr/local/bin"
# sesame and git-credential-sesame run the full programs, sesame-cli and sesame-git-credential, from their own
# folder; sesame-cli runs sesame-autotype, sesame-secret-service and sesame-clipboard from its own (docs/design.md,
# autotype.md, secret-service.md, cli.md).
for program in sesame sesame-cli git-credential-sesame sesame-git-credential sesame-browser-host sesame-autotype sesame-secret-service sesame-clipboard; do
    install -m 0755 "$bin/$program" "/usr/local/bin/$program"
done

echo "==> Installing shell completions and manual pages"
# Generated from the command tree that --help prints (docs/cli.md, "Completions and manual pages").
install -d /usr/local/share/bash-completion/completions /usr/local/share/zsh/site-functions \
    /usr/local/share/fish/vendor_completions.d /usr/local/share/man/man1
/usr/local/bin/sesame completion bash > /usr/local/share/bash-completion/completions/sesame
/usr/local/bin/sesame completion zsh > /usr/local/share/zsh/site-functions/_sesame
/usr/local/bin/sesame completion fish > /usr/local/share/fish/vendor_completions.d/sesame.fish
/usr/local/bin/sesame manual /usr/local/share/man/man1 >/dev/null
command -v mandb >/dev/null 2>&1 && mandb -q 2>/dev/null || true

echo "==> Demo (in a throwaway vault)"
sh scripts/demo.sh
