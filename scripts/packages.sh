#!/bin/sh
# Installs the packages of scripts/packages.txt that have one of the given roles (build, run, test) and are missing.
#   sh scripts/packages.sh build run        what scripts/setup.sh needs
#   sh scripts/packages.sh build run test   everything (scripts/test.sh, .ci/run)
# Installs only what is missing, so a second call costs a second; as another user than root, names what is missing
# and exits 1 instead.
set -eu
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || { echo "usage: sh scripts/packages.sh ROLE... (build, run, test)" >&2; exit 64; }

wanted=$(awk -v roles=" $* " '!/^#/ && NF >= 2 && index(roles, " " $2 " ") { print $1 }' scripts/packages.txt)
debian="" python=""
for package in $wanted; do
    case $package in
        pip:*)
            module=${package#pip:}
            python3 -c "import $module" 2>/dev/null || python="$python $module" ;;
        *)
            dpkg-query -W -f='${Status}\n' "$package" 2>/dev/null | grep -q '^install ok installed$' ||
                debian="$debian $package" ;;
    esac
done
[ -n "$debian$python" ] || exit 0

if [ "$(id -u)" != 0 ]; then
    echo "Missing packages:$debian$python. Install them as root: sh scripts/packages.sh $*" >&2
    exit 1
fi
if [ -n "$debian" ]; then
    echo "==> Installing Debian packages:$debian"
    apt-get update -qq
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $debian >/dev/null
fi
if [ -n "$python" ]; then
    echo "==> Installing Python packages from PyPI:$python"
    # shellcheck disable=SC2086
    pip install --break-system-packages -q $python
fi
