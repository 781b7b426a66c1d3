#!/bin/sh
# Builds the named products (default: sesame, sesame-cli and git-credential-sesame) in release and copies them into one folder,
# whose path it prints. Fully static where it can (`-static-executable`: no dynamic loader, no relocations of
# shared libraries), because `git-credential-sesame` and the browser host are started for every git command and
# every page, and a static-pie binary with the Swift runtime linked in spends about twice as long starting
# (docs/benchmarks.md, "Process start"). Static glibc cannot load NSS modules: nothing here looks up users, groups
# or hosts (the home folder comes from $HOME, the agent's peer from SO_PEERCRED).
#
# `sesame` and `git-credential-sesame` are small fronts without Foundation (fully static) that serve `fill`, `match`,
# `list`, `show`, `totp` and `get` and run the full programs, `sesame-cli` and `sesame-git-credential`, from their own folder for everything
# else. Some products link C libraries that cannot be linked
# fully static, so they get the Swift runtime statically and those libraries shared: `sesame-cli` and SesameBench
# (KeePass files: Debian's libargon2.a and libsodium.a both define
# the Argon2 reference functions, and FoundationXML's libxml2), `sesame-autotype` (libXtst has no static archive),
# `sesame-clipboard` (libX11, as the Auto-Type helper) and `sesame-secret-service` (libsystemd has none). The debug build that tests use is separate and unchanged.
#
# Usage: scripts/build-static.sh [PRODUCT...]   (progress on stderr, the bin folder on stdout)
set -eu
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || set -- sesame sesame-cli git-credential-sesame
# The fronts are of no use without the full programs beside them.
case " $* " in *" sesame "*) case " $* " in *" sesame-cli "*) ;; *) set -- "$@" sesame-cli ;; esac ;; esac
case " $* " in
    *" git-credential-sesame "*) case " $* " in *" sesame-git-credential "*) ;; *) set -- "$@" sesame-git-credential ;; esac ;;
esac
# SESAME_STATIC_BUILD: another build folder (default .build/static).
scratch=${SESAME_STATIC_BUILD:-.build/static}
static="-c release --scratch-path $scratch -Xswiftc -static-executable"
shared="-c release --scratch-path $scratch-shared --static-swift-stdlib"
out="$scratch/bin"
mkdir -p "$out"
for product in "$@"; do
    case $product in
        sesame-cli|SesameBench|sesame-autotype|sesame-secret-service|sesame-clipboard) flags=$shared ;;
        *) flags=$static ;;
    esac
    # shellcheck disable=SC2086
    swift build $flags --product "$product" >&2
    # shellcheck disable=SC2086
    cp "$(swift build $flags --show-bin-path)/$product" "$out/$product"
done
# Absolute, so callers may hand it to programs that run elsewhere (git takes a relative helper path as a name).
(cd "$out" && pwd)
