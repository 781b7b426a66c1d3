#!/bin/sh
# Issue 10's figure: `secret-tool lookup` (a whole libsecret client process: connect, DH session, SearchItems,
# GetSecrets) against Sesame's Secret Service and against gnome-keyring-daemon, each on its own private bus in
# the same run, with ITEMS items in the store (hyperfine median); then the resident memory of both services.
# Sesame: release build, the agent holding a vault of ITEMS logins plus the looked-up item stored by secret-tool.
# gnome-keyring: an unlocked `login` keyring filled with the same number of items through SecretStorage.
#
# Usage: Benchmarks/secret-service.sh [ITEMS...]   (default: 1000 10000; needs hyperfine, gnome-keyring,
#        libsecret-tools, python3-secretstorage, dbus-daemon)
set -eu
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || set -- 1000 10000
command -v gnome-keyring-daemon >/dev/null || apt-get install -y -qq gnome-keyring >/dev/null

echo "Building sesame, SesameBench (fully static) and sesame-secret-service (release)..."
bin="$(scripts/build-static.sh sesame SesameBench 2>/dev/null)"
swift build -c release --static-swift-stdlib --product sesame-secret-service >/dev/null
service="$(swift build -c release --static-swift-stdlib --show-bin-path)/sesame-secret-service"

work="$(mktemp -d /tmp/sesame-ss-bench.XXXXXX)"
pids=""
cleanup() {
    for pid in $pids; do kill "$pid" 2>/dev/null || true; done
    HOME="$work/sesame" XDG_RUNTIME_DIR="$work/sesame/run" "$bin/sesame" agent --stop >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT INT TERM

# A private bus for one service: prints its address; its pid joins $pids.
start_bus() {
    cat > "$1/bus.conf" <<XML
<busconfig><type>session</type><listen>unix:tmpdir=$1</listen><auth>EXTERNAL</auth>
<policy context="default"><allow send_destination="*"/><allow own="*"/></policy></busconfig>
XML
    dbus-daemon --config-file="$1/bus.conf" --fork --print-address=1 --print-pid=1 > "$1/bus.out"
    pids="$pids $(sed -n 2p "$1/bus.out")"
    sed -n 1p "$1/bus.out"
}

rss_mib() { awk '/^VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }

for items in "$@"; do
    echo
    echo "## $items items"
    # Sesame
    s="$work/sesame-$items"
    mkdir -p "$s/run" && chmod 700 "$s/run"
    sesame_env="HOME=$s XDG_RUNTIME_DIR=$s/run XDG_DATA_HOME=$s/data SESAME_VAULT=$s/vault.sqlite"
    sesame_bus="$(start_bus "$s")"
    printf 'bench master password\n' | env $sesame_env "$bin/SesameBench" make-vault "$s/vault.sqlite" "$items"
    printf 'bench master password\n' | env $sesame_env "$bin/sesame" unlock --password-stdin --timeout 1h >/dev/null
    env $sesame_env DBUS_SESSION_BUS_ADDRESS="$sesame_bus" "$service" 2>/dev/null &
    sesame_pid=$!
    pids="$pids $sesame_pid"
    sleep 1
    printf 'looked-up' | env $sesame_env DBUS_SESSION_BUS_ADDRESS="$sesame_bus" secret-tool store --label=bench service bench user alice

    # gnome-keyring
    g="$work/gnome-$items"
    mkdir -p "$g/run" && chmod 700 "$g/run"
    gnome_bus="$(start_bus "$g")"
    gnome_env="HOME=$g XDG_RUNTIME_DIR=$g/run XDG_DATA_HOME=$g/data DBUS_SESSION_BUS_ADDRESS=$gnome_bus"
    printf 'bench' | env $gnome_env gnome-keyring-daemon --unlock --components=secrets > "$g/keyring.out"
    env $gnome_env gnome-keyring-daemon --start --components=secrets >> "$g/keyring.out"
    gnome_pid="$(env $gnome_env busctl --user status org.freedesktop.secrets | sed -n 's/^PID=//p')"
    pids="$pids $gnome_pid"
    env $gnome_env python3 - "$items" <<'PY'
import secretstorage, sys
conn = secretstorage.dbus_init()
collection = secretstorage.get_default_collection(conn)
for i in range(int(sys.argv[1])):
    collection.create_item("site%d" % i, {"url": "https://site%d-example.com" % (i // 3), "username": "user%d" % i}, b"pw-%d" % i)
collection.create_item("bench", {"service": "bench", "user": "alice"}, b"looked-up")
PY

    sesame_lookup="env $sesame_env DBUS_SESSION_BUS_ADDRESS=$sesame_bus secret-tool lookup service bench user alice"
    gnome_lookup="env $gnome_env secret-tool lookup service bench user alice"
    for command in "$sesame_lookup" "$gnome_lookup"; do
        [ "$(sh -c "$command")" = "looked-up" ] || { echo "'$command' did not answer" >&2; exit 1; }
    done
    echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
    hyperfine --warmup 5 --runs 50 -N \
        -n "Sesame ($items items)" "$sesame_lookup" \
        -n "gnome-keyring ($items items)" "$gnome_lookup"
    echo "RSS after the lookups: sesame-secret-service $(rss_mib "$sesame_pid") MiB (agent $(rss_mib "$(pgrep -f "agent --socket $s/run" | head -1)") MiB), gnome-keyring-daemon $(rss_mib "$gnome_pid") MiB"
done
