#!/bin/sh
# Builds the libFuzzer targets (Fuzz/<Name>/) with the address sanitizer and runs each for SECONDS over a copy of
# its seed corpus (Fuzz/Corpus/<Name>/), with its dictionary when there is one (Fuzz/Dictionaries/<Name>.dict).
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]      default: 600 seconds, every target; TARGET is e.g. Host or FuzzHost
#
# Prints per target: executions, corpus size at the end, crashes. Crash inputs are left in
# .build/fuzz-findings/<Name>/ and the script exits 1 if any target crashed. The committed corpus is never changed:
# to keep new interesting inputs, minimise and copy them in by hand. The build goes to .build/fuzz, apart from the
# normal debug build, and only when SESAME_FUZZ=1 does Package.swift declare the targets at all.
set -eu
cd "$(dirname "$0")/.."

# Every target has a seed corpus; its folder names the target.
all=$(cd Fuzz/Corpus && echo *)
seconds=600
case "${1:-}" in
    ''|*[!0-9]*) ;;
    *) seconds=$1; shift ;;
esac
targets=""
for name in "${@:-}"; do
    name=${name#Fuzz}
    [ -z "$name" ] && continue
    case " $all " in
        *" $name "*) targets="$targets $name" ;;
        *) echo "fuzz.sh: unknown target '$name' (one of: $all)" >&2; exit 64 ;;
    esac
done
[ -n "$targets" ] || targets=$all

scratch=.build/fuzz
flags="-c debug --scratch-path $scratch -Xswiftc -sanitize=fuzzer,address"
export SESAME_FUZZ=1
# Swift's own crash backtracer reads the stack of the trapping thread, which ASan reports as a stack-buffer
# underflow in place of the real finding; libFuzzer's deadly-signal handler reports a trap well enough.
export SWIFT_BACKTRACE=enable=no
for name in $targets; do
    echo "== building Fuzz$name"
    # ld.gold warns about every ASan symbol it cannot export; harmless (docs/security.md).
    # shellcheck disable=SC2086
    swift build $flags --product "Fuzz$name" 2>&1 | grep -v "Cannot export local symbol" || true
done
# shellcheck disable=SC2086
bin=$(swift build $flags --show-bin-path)

# Every input runs under a memory and a time limit, so that quadratic or unbounded work is a finding (an oom- or
# timeout- file, counted below) rather than a slow run: 2 GiB of RSS (ASan's own quarantine and shadow included),
# no single allocation over 512 MiB, 10 s per input. The readers of files from outside (nesting, counts, gzip) get
# inputs up to 64 KiB, enough for thousands of nested elements or records; the others 4 KiB.
rss_limit_mb=2048
malloc_limit_mb=512
timeout_seconds=10
max_len_for() {
    case $1 in
        KDBXXML|KDBXBlockStream|KDBXHeader|VariantDictionary|CSV|Backup|BitwardenJSON|PasswordRulesFile|CXF) echo 65536 ;;
        *) echo 4096 ;;
    esac
}

work=$(mktemp -d "${TMPDIR:-/tmp}/sesame-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT
findings=.build/fuzz-findings
crashed=0
summary=""
for name in $targets; do
    [ -x "$bin/Fuzz$name" ] || { echo "fuzz.sh: Fuzz$name was not built" >&2; exit 1; }
    corpus="$work/$name"
    rm -rf "${findings:?}/$name"
    mkdir -p "$corpus" "$findings/$name"
    cp Fuzz/Corpus/"$name"/* "$corpus"/ 2>/dev/null || true
    dict=""
    [ -f "Fuzz/Dictionaries/$name.dict" ] && dict="-dict=Fuzz/Dictionaries/$name.dict"
    log="$findings/$name/fuzz.log"
    echo "== running Fuzz$name for $seconds s (log: $log)"
    # -fork keeps going after a crash, so one run reports every distinct finding; -ignore_crashes makes the
    # driver exit 0 after them, and the crash files are what we count.
    # shellcheck disable=SC2086
    "$bin/Fuzz$name" -max_total_time="$seconds" -max_len="$(max_len_for "$name")" -timeout="$timeout_seconds" \
        -rss_limit_mb="$rss_limit_mb" -malloc_limit_mb="$malloc_limit_mb" \
        -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
        -artifact_prefix="$findings/$name/" $dict "$corpus" >"$log" 2>&1 || true
    executions=$(sed -n 's/.*#\([0-9][0-9]*\).*/\1/p' "$log" | tail -n 1)
    size=$(find "$corpus" -type f | wc -l)
    crashes=$(find "$findings/$name" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | wc -l)
    [ "$crashes" -gt 0 ] && crashed=1
    line=$(printf '%-18s executions %10s   corpus %6s   crashes %3s' "$name" "${executions:-?}" "$size" "$crashes")
    echo "$line"
    summary="$summary$line
"
done
echo
echo "== summary ($seconds s per target)"
printf '%s' "$summary"
if [ "$crashed" -ne 0 ]; then
    echo "Crash inputs are in $findings/<target>/ (reproduce: $bin/Fuzz<target> FILE)." >&2
    exit 1
fi
