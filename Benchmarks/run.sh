#!/bin/sh
# Builds the benchmark runner in release mode and runs the suites named on the command line
# (default: all). `--quick` uses smaller vaults. Figures are recorded in docs/benchmarks.md.
set -eu
cd "$(dirname "$0")/.."
swift build -c release --product SesameBench >/dev/null
exec .build/release/SesameBench "$@"
