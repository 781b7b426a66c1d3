#!/bin/sh
# Builds the named products (default: sesame and git-credential-sesame) in release as fully static executables and
# prints the folder that holds them. Fully static (`-static-executable`: no dynamic loader, no relocations of
# shared libraries) because `sesame fill` and `git-credential-sesame` are started for every form and every git
# command, and a static-pie binary with the Swift runtime linked in spends about twice as long starting
# (docs/benchmarks.md, "Process start"). Static glibc cannot load NSS modules: nothing here looks up users, groups
# or hosts (the home folder comes from $HOME, the agent's peer from SO_PEERCRED). The debug build that tests use
# is separate (.build/debug) and unchanged.
#
# Usage: scripts/build-static.sh [PRODUCT...]   (progress on stderr, the bin folder on stdout)
set -eu
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || set -- sesame git-credential-sesame
# SESAME_STATIC_BUILD: another build folder (default .build/static).
flags="-c release --scratch-path ${SESAME_STATIC_BUILD:-.build/static} -Xswiftc -static-executable"
for product in "$@"; do
    # shellcheck disable=SC2086
    swift build $flags --product "$product" >&2
done
# shellcheck disable=SC2086
swift build $flags --show-bin-path
