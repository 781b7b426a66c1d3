#!/bin/sh
# Issue 10's figure: `secret-tool lookup` (a whole libsecret client process: connect, DH session, SearchItems,
# GetSecrets) against Sesame's Secret Service and against gnome-keyring-daemon, each on its own private bus in
# the same run, with ITEMS items in the store (hyperfine median); then the resident memory of both services.
# Sesame: release build, the agent holding a vault of ITEMS logins plus the looked-up item stored by secret-tool.
# gnome-keyring: unlocked, its `session` collection filled with the same number of items through SecretStorage.
# Not its `login` keyring: gnome-keyring rewrites the whole keyring file for every item created, so filling it
# costs time quadratic in the items (1,650 items in 3 minutes, about two hours for 10,000 on the build machine).
# Both collections hold their items in the daemon's memory alike and a lookup searches every collection, so the
# lookup and the memory are what a login keyring of that size gives (docs/benchmarks.md compares the two at
# 1,000 items). Both services keep their files in /dev/shm; neither writes during a lookup.
#
# Usage: Benchmarks/secret-service.sh [ITEMS...]   (default: 1000 10000; needs hyperfine, gnome-keyring,
#        libsecret-tools, python3-secretstorage, dbus-daemon)
set -eu
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || set -- 1000 10000
command -v gnome-keyring-daemon >/dev/null || apt-get install -y -qq gnome-keyring >/dev/null

echo "Building sesame, SesameBench and sesame-secret-service (release, scripts/build-static.sh)..."
bin="$(scripts/build-static.sh sesame sesame-cli SesameBench sesame-secret-service 2>/dev/null)"
service="$bin/sesame-secret-service"

work="$(mktemp -d /dev/shm/sesame-ss-bench.XXXXXX)"
pids=""
cleanup() {
    for pid in $pids; do kill "$pid" 2>/dev/null || true; done
    for folder in "$work"/sesame-*; do
        [ -d "$folder" ] && HOME="$folder" XDG_RUNTIME_DIR="$folder/run" "$bin/sesame" agent --stop >/dev/null 2>&1
    done
    rm -rf "$work"
}
trap cleanup EXIT INT TERM

# A private bus for one service in folder $1; its address is line 1 of $1/bus.out, its pid line 2.
start_bus() {
    cat > "$1/bus.conf" <<XML
<busconfig><type>session</type><listen>unix:tmpdir=$1</listen><auth>EXTERNAL</auth>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy></busconfig>
XML
    dbus-daemon --config-file="$1/bus.conf" --fork --print-address=1 --print-pid=1 > "$1/bus.out"
    pids="$pids $(sed -n 2p "$1/bus.out")"
}

# CPU time (user and system) a process has used, in milliseconds.
cpu_ms() { awk -v tick="$(getconf CLK_TCK)" '{ printf "%d", ($14 + $15) * 1000 / tick }' "/proc/$1/stat"; }

# Waits until a Secret Service owns its name on the bus at address $1.
wait_for_name() {
    tries=0
    until env DBUS_SESSION_BUS_ADDRESS="$1" dbus-send --session --print-reply --dest=org.freedesktop.DBus \
        /org/freedesktop/DBus org.freedesktop.DBus.GetNameOwner string:org.freedesktop.secrets >/dev/null 2>&1; do
        tries=$((tries + 1))
        [ "$tries" -lt 200 ] || { echo "No Secret Service appeared on $1." >&2; exit 1; }
        sleep 0.05
    done
}

# Resident and peak resident memory of a process, in MiB.
memory() { awk '/^VmRSS/ { rss = $2 } /^VmHWM/ { peak = $2 } END { printf "RSS %.1f MiB, peak %.1f MiB", rss / 1024, peak / 1024 }' "/proc/$1/status"; }

for items in "$@"; do
    echo
    echo "## $items items"
    # Sesame
    s="$work/sesame-$items"
    mkdir -p "$s/run" && chmod 700 "$s/run"
    sesame_env="HOME=$s XDG_RUNTIME_DIR=$s/run XDG_DATA_HOME=$s/data SESAME_VAULT=$s/vault.sqlite"
    start_bus "$s"
    sesame_bus="$(sed -n 1p "$s/bus.out")"
    printf 'bench master password\n' | env $sesame_env "$bin/SesameBench" make-vault "$s/vault.sqlite" "$items"
    printf 'bench master password\n' | env $sesame_env "$bin/sesame" unlock --password-stdin --timeout 1h >/dev/null
    env $sesame_env DBUS_SESSION_BUS_ADDRESS="$sesame_bus" "$service" 2>/dev/null &
    sesame_pid=$!
    pids="$pids $sesame_pid"
    wait_for_name "$sesame_bus"
    printf 'looked-up' | env $sesame_env DBUS_SESSION_BUS_ADDRESS="$sesame_bus" secret-tool store --label=bench service bench user alice

    # gnome-keyring
    g="$work/gnome-$items"
    mkdir -p "$g/run" && chmod 700 "$g/run"
    start_bus "$g"
    gnome_bus="$(sed -n 1p "$g/bus.out")"
    gnome_env="HOME=$g XDG_RUNTIME_DIR=$g/run XDG_DATA_HOME=$g/data DBUS_SESSION_BUS_ADDRESS=$gnome_bus"
    printf 'bench' | env $gnome_env gnome-keyring-daemon --unlock --components=secrets > "$g/keyring.out"
    env $gnome_env gnome-keyring-daemon --start --components=secrets >> "$g/keyring.out"
    gnome_pid="$(env $gnome_env busctl --user status org.freedesktop.secrets | sed -n 's/^PID=//p')"
    pids="$pids $gnome_pid"
    env $gnome_env /usr/bin/python3 - "$items" <<'PY'
import secretstorage, sys
conn = secretstorage.dbus_init()
collection = secretstorage.Collection(conn, "/org/freedesktop/secrets/collection/session")
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
    agent_pid="$(pgrep -f "agent --socket $s/run" | head -1)"
    sesame_cpu_before=$(($(cpu_ms "$sesame_pid") + $(cpu_ms "$agent_pid")))
    gnome_cpu_before=$(cpu_ms "$gnome_pid")
    # Ten rounds of ten runs each, alternating the two services, so that a change in the machine's load (other
    # builds share it) falls on both alike; the median is over all 100 runs of each.
    for round in 1 2 3 4 5 6 7 8 9 10; do
        hyperfine --warmup 2 --runs 10 -N --style none --export-json "$work/lookup-$items-$round.json" \
            -n "Sesame ($items items)" "$sesame_lookup" \
            -n "gnome-keyring ($items items)" "$gnome_lookup"
    done
    /usr/bin/python3 - "$work"/lookup-"$items"-*.json <<'PY'
import json, statistics, sys
times = {}
for path in sys.argv[1:]:
    for result in json.load(open(path))["results"]:
        times.setdefault(result["command"], []).extend(result["times"])
for command, runs in times.items():
    print("%-28s median %6.2f ms   mean %6.2f ms   min %6.2f ms   (%d runs)" % (
        command, statistics.median(runs) * 1000, statistics.mean(runs) * 1000, min(runs) * 1000, len(runs)))
PY
    # The services' own CPU time per lookup (10 rounds of 2 warm-up and 10 measured runs): unlike the wall-clock
    # time, it hardly depends on what else the machine runs.
    lookups=120
    sesame_cpu=$(($(cpu_ms "$sesame_pid") + $(cpu_ms "$agent_pid") - sesame_cpu_before))
    gnome_cpu=$(($(cpu_ms "$gnome_pid") - gnome_cpu_before))
    echo "Service CPU per lookup: Sesame (service and agent) $(echo "$sesame_cpu $lookups" | awk '{ printf "%.2f", $1 / $2 }') ms, gnome-keyring-daemon $(echo "$gnome_cpu $lookups" | awk '{ printf "%.2f", $1 / $2 }') ms"
    echo "Memory after the lookups:"
    echo "  sesame-secret-service  $(memory "$sesame_pid")"
    echo "  sesame agent           $(memory "$agent_pid")"
    echo "  gnome-keyring-daemon   $(memory "$gnome_pid")"
done
