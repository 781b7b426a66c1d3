#!/bin/sh
# Installs the system packages, builds Sesame in release mode, installs it on PATH and runs a short demo.
# Run as root on Debian 12.
set -eu
cd "$(dirname "$0")/.."

echo "==> Installing system packages"
apt-get update -qq
# shellcheck disable=SC2046
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(grep -v '^#' scripts/packages.txt) >/dev/null
# The KeePass tests generate KDBX 4 variants with pykeepass (PyPI; not packaged in Debian 12).
python3 -c 'import pykeepass' 2>/dev/null || pip install --break-system-packages -q pykeepass

echo "==> Building (release, fully static executables: they start fast and run anywhere)"
bin="$(scripts/build-static.sh sesame git-credential-sesame sesame-browser-host)"
# Auto-Type links libX11 and libXtst, which have no static archives: its Swift runtime is static, those two shared.
swift build -c release --static-swift-stdlib --product sesame-autotype >&2
autotype="$(swift build -c release --static-swift-stdlib --show-bin-path)/sesame-autotype"

echo "==> Installing into /usr/local/bin"
install -m 0755 "$bin/sesame" /usr/local/bin/sesame
install -m 0755 "$bin/git-credential-sesame" /usr/local/bin/git-credential-sesame
install -m 0755 "$bin/sesame-browser-host" /usr/local/bin/sesame-browser-host
install -m 0755 "$autotype" /usr/local/bin/sesame-autotype
# The Secret Service uses libsystemd's sd-bus, which has no static archive: a normal (dynamically linked) release
# build with the Swift runtime linked in, installed beside sesame, which runs it (docs/secret-service.md).
swift build -c release --static-swift-stdlib --product sesame-secret-service >&2
install -m 0755 "$(swift build -c release --static-swift-stdlib --show-bin-path)/sesame-secret-service" /usr/local/bin/sesame-secret-service

echo "==> Demo (in a throwaway vault)"
sh scripts/demo.sh
