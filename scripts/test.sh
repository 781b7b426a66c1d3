#!/bin/sh
# Runs every test: unit tests of each module, whole-process tests of the built tools, and the Apple shell.
set -eu
cd "$(dirname "$0")/.."
# What the tests need beyond building and running: reference tools, X and Wayland servers, a browser.
sh scripts/packages.sh build run test
swift build --build-tests
swift test --skip-build
# The Apple shell, built and tested against stand-ins for Apple's frameworks (docs/autofill.md).
sh scripts/apple-check.sh
