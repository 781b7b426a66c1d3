#!/bin/sh
# Runs every test: unit tests of each module and whole-process tests of the built tools.
set -eu
cd "$(dirname "$0")/.."
swift build --build-tests
swift test --skip-build
