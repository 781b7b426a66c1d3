#!/bin/sh
# Development check (not part of the test suite): every rule of Apple's quirks/password-rules.json parses, and
# `sesame generate` makes a password for it. Usage: sh scripts/check-password-rules.sh [password-rules.json] [sesame]
set -eu
rules=${1:-/work/shared/data/password-manager-resources/quirks/password-rules.json}
sesame=${2:-.build/debug/sesame}
total=0 failed=0
tab=$(printf '\t')
jq -r 'to_entries[] | "\(.key)\t\(.value["password-rules"])"' "$rules" > /tmp/sesame-rules.$$
while IFS="$tab" read -r site rule; do
    total=$((total + 1))
    if ! "$sesame" generate --rules "$rule" >/dev/null 2>/tmp/sesame-rules-error.$$; then
        failed=$((failed + 1))
        echo "$site: $(cat /tmp/sesame-rules-error.$$)"
    fi
done < /tmp/sesame-rules.$$
rm -f /tmp/sesame-rules.$$ /tmp/sesame-rules-error.$$
echo "$total rule sets, $failed failed"
[ "$failed" -eq 0 ]
