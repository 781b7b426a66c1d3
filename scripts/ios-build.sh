#!/bin/sh
# Builds Sesame's iOS app and its AutoFill extension on Linux against a real iPhoneOS SDK, as far as Xcode would
# without signing: libsodium for iOS from Debian's source package, every module of the package and both targets
# compiled for arm64 (Swift 6 mode, availability checked against the deployment target), both executables linked
# with Debian's lld-16, an unsigned Sesame.app with PlugIns/AutoFillExtension.appex, its Info.plists with the
# build settings of Apps/iOS/project.yml substituted, and the entitlements beside it. Then it checks both binaries:
# every undefined symbol must be exported by the SDK's .tbd stubs, and every symbol the headers declare newer than
# the deployment target must be weakly linked. Not part of CI (docs/autofill.md §8, "Compiling against the SDK").
#
#   sh scripts/ios-build.sh PATH/iPhoneOS26.2.sdk        or   IOS_SDK=PATH sh scripts/ios-build.sh
#
# Without an SDK it says so in one line and exits 0. Exit status: 0 built and checked; 1 a step failed, or the
# SDK's stubs lack symbols the binaries need (the exact linker error is printed; the app is then linked once more
# against stubs generated for exactly those symbols, marked provisional, so that the layout, the weak-linking check
# and the sizes still come out); 64 usage.
#
# Needs the Swift toolchain (swiftc, clang, llvm-nm, llvm-objdump, llvm-ar), python3, and from Debian: lld-16 (the
# toolchain's own ld64.lld refuses to link for iOS), autoconf, automake and libtool (libsodium's source package
# ships no configure script), dpkg-dev (apt-get source unpacks with dpkg-source). The sources come through apt from
# the archives this system's apt already uses, as deb-src, with apt state kept under the build folder; so does
# compiler-rt's os_version_check.c (from llvm-toolchain-16), which `#available` needs at link time and which the
# Linux toolchain does not ship for iOS.
#
# Everything goes to .build/ios/ (IOS_BUILD_DIR): the SDK is only read. Steps already done are reused: delete the
# folder to start over.
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)

sdk=${1:-${IOS_SDK:-}}
if [ -z "$sdk" ]; then
    echo "ios-build: skipped: no iPhoneOS SDK given (sh scripts/ios-build.sh PATH/iPhoneOS26.2.sdk)"
    exit 0
fi
[ $# -le 1 ] || { echo "usage: sh scripts/ios-build.sh [PATH/iPhoneOS.sdk]" >&2; exit 64; }
[ -f "$sdk/SDKSettings.json" ] || { echo "ios-build: $sdk is not an SDK (no SDKSettings.json)" >&2; exit 64; }
sdk=$(cd "$sdk" && pwd)

fail() { echo "ios-build: $*" >&2; exit 1; }
toolchain=$(dirname "$(readlink -f "$(command -v swiftc)")")
lld=${LD64_LLD:-/usr/lib/llvm-16/bin/ld64.lld}
[ -x "$lld" ] || fail "needs Debian's lld-16 (sh scripts/packages.sh ios): the toolchain's ld64.lld refuses iOS"
for tool in autoreconf automake libtoolize dpkg-source python3; do
    command -v $tool >/dev/null || fail "needs $tool (sh scripts/packages.sh ios)"
done
clang="$toolchain/clang"
nm="$toolchain/llvm-nm"
objdump="$toolchain/llvm-objdump"

work=${IOS_BUILD_DIR:-$root/.build/ios}
logs=$work/logs
mkdir -p "$logs"
sdk_version=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["Version"])' "$sdk/SDKSettings.json")
deployment=$(sed -n 's/^ *iOS: *"\{0,1\}\([0-9.]*\)"\{0,1\} *$/\1/p' Apps/iOS/project.yml | head -1)
[ -n "$deployment" ] || fail "no iOS deploymentTarget in Apps/iOS/project.yml"
target=arm64-apple-ios$deployment
cc="$clang -target $target -isysroot $sdk"
echo "ios-build: $(basename "$sdk") (iOS $sdk_version), target $target, $(swiftc --version 2>&1 | head -1)"

# --- Debian sources, through apt, as deb-src of the archives the system uses ------------------------------------
apt_source() {  # apt_source PACKAGE DEST [--download-only]
    apt_dir=$work/apt
    if [ ! -f "$apt_dir/sources.list" ]; then
        mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
        python3 - "$apt_dir/sources.list" <<'PYTHON' || fail "cannot read this system's apt sources"
import glob, re, sys
lines = []
for path in glob.glob("/etc/apt/sources.list") + sorted(glob.glob("/etc/apt/sources.list.d/*.list")):
    for line in open(path):
        m = re.match(r"\s*deb\s+(\[[^\]]*\]\s+)?(\S+)\s+(\S+)\s+(.*)", line)
        if m:
            lines.append(f"deb-src {m.group(2)} {m.group(3)} {m.group(4).strip()}")
for path in sorted(glob.glob("/etc/apt/sources.list.d/*.sources")):
    for stanza in re.split(r"\n\s*\n", open(path).read()):
        fields = {}
        for key, value in re.findall(r"^([A-Za-z-]+):\s*(.*)$", stanza, re.M):
            fields[key] = value.strip()
        if "deb" not in fields.get("Types", "").split() or fields.get("Enabled", "yes") == "no":
            continue
        for uri in fields.get("URIs", "").split():
            for suite in fields.get("Suites", "").split():
                lines.append(f"deb-src {uri} {suite} {fields.get('Components', 'main')}")
if not lines:
    sys.exit(1)
open(sys.argv[1], "w").write("\n".join(dict.fromkeys(lines)) + "\n")
PYTHON
        apt_get update >"$logs/apt-update.log" 2>&1 || fail "apt-get update for sources failed (log $logs/apt-update.log)"
    fi
    mkdir -p "$2"
    (cd "$2" && apt_get source ${3:-} "$1") >"$logs/apt-source-$1.log" 2>&1 \
        || fail "apt-get source $1 failed (log $logs/apt-source-$1.log)"
}
apt_get() {
    apt-get -o Dir::Etc::SourceList="$work/apt/sources.list" -o Dir::Etc::SourceParts=/dev/null \
        -o Dir::State::Lists="$work/apt/lists" -o Dir::Cache="$work/apt/cache" "$@"
}

# --- libsodium for iOS, from Debian's source package ------------------------------------------------------------
sodium=$work/libsodium
if [ ! -f "$sodium/lib/libsodium.a" ]; then
    echo "ios-build: libsodium for $target from Debian's source package"
    rm -rf "$work/src/libsodium"
    apt_source libsodium "$work/src/libsodium"
    src=$(find "$work/src/libsodium" -mindepth 1 -maxdepth 1 -type d -name 'libsodium-*' | head -1)
    [ -n "$src" ] || fail "apt-get source libsodium unpacked nothing"
    # Linking configure's test programs needs the iOS linker; -mlinker-version makes clang pass -platform_version.
    (cd "$src" && autoreconf -fi && ./configure --host=aarch64-apple-darwin --disable-shared --enable-static \
        --prefix="$sodium" CC="$cc -fuse-ld=$lld -mlinker-version=711" CFLAGS="-O2" \
        AR="$toolchain/llvm-ar" RANLIB="$toolchain/llvm-ranlib" && nice make -j2 && make install) \
        >"$logs/libsodium.log" 2>&1 || fail "libsodium did not build (log $logs/libsodium.log)"
fi

# --- compiler-rt's availability check, which every #available calls --------------------------------------------
builtins=$work/compiler-rt/os_version_check.o
if [ ! -f "$builtins" ]; then
    echo "ios-build: compiler-rt's os_version_check.c for $target from Debian's llvm-toolchain-16 source package"
    llvm=$work/src/llvm
    ls "$llvm"/llvm-toolchain-16_*.orig.tar.xz >/dev/null 2>&1 || apt_source llvm-toolchain-16 "$llvm" --download-only
    member=$(cd "$llvm" && tar -tJf llvm-toolchain-16_*.orig.tar.xz | grep '/compiler-rt/lib/builtins/os_version_check.c$')
    (cd "$llvm" && tar -xJf llvm-toolchain-16_*.orig.tar.xz "$member") || fail "os_version_check.c not in the source"
    mkdir -p "$(dirname "$builtins")"
    $cc -O2 -c "$llvm/$member" -o "$builtins" || fail "os_version_check.c did not compile"
fi

# --- a Darwin-like resource dir: the Linux one defines Dispatch, Foundation and os modules that clash ----------
resources=$work/resource-dir
toolchain_resources=$(swiftc -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["paths"]["runtimeResourcePath"])')
if [ "$(cat "$resources/.for" 2>/dev/null)" != "$toolchain_resources $sdk" ]; then
    rm -rf "$resources" "$work/module-cache"
    mkdir -p "$resources/apinotes" "$resources/iphoneos"
    for d in shims clang host migrator; do [ -e "$toolchain_resources/$d" ] && ln -s "$toolchain_resources/$d" "$resources/$d"; done
    cp "$toolchain_resources"/apinotes/*.apinotes "$resources/apinotes/" 2>/dev/null || true
    # Xcode 16+ SDKs ship the SwiftShims that match their standard library; this compiler then finds no other.
    [ -f "$sdk/usr/lib/swift/shims/module.modulemap" ] && ln -s "$sdk/usr/lib/swift/shims" "$resources/SwiftShims"
    echo "$toolchain_resources $sdk" >"$resources/.for"
fi

# --- the Swift modules, in dependency order, as Xcode builds them -----------------------------------------------
objects=$work/objects
mkdir -p "$objects" "$work/csodium"
cp Sources/CSodium/module.modulemap Sources/CSodium/shim.h "$work/csodium/"
swift_files() { find "$@" -name '*.swift' | sort; }
compiled=0
earlier=""
module() {  # module NAME [-application-extension] FILE...
    name=$1; shift
    flags=""
    [ "$1" = -application-extension ] && { flags=$1; shift; }
    # Reused while its object is newer than its sources and than the modules it may import (those before it).
    if [ -f "$objects/$name.o" ] && [ -z "$(find "$@" $earlier -newer "$objects/$name.o" | head -1)" ]; then
        echo "  ok    $name (unchanged)"; compiled=$((compiled + 1)); earlier="$earlier $objects/$name.o"; return
    fi
    t0=$(date +%s)
    if nice swiftc -target "$target" -sdk "$sdk" -resource-dir "$resources" -module-cache-path "$work/module-cache" \
        -I "$objects" -I "$work/csodium" -Xcc "-I$sodium/include" -swift-version 6 -parse-as-library -wmo -O \
        $flags -module-name "$name" -emit-module -emit-module-path "$objects/$name.swiftmodule" \
        -c -o "$objects/$name.o" "$@" >"$logs/$name.log" 2>&1; then
        echo "  ok    $name ($# files, $(( $(date +%s) - t0 ))s, $(grep -c 'warning:' "$logs/$name.log") warnings)"
        compiled=$((compiled + 1)); earlier="$earlier $objects/$name.o"
    else
        rm -f "$objects/$name.o"
        echo "  FAIL  $name (log $logs/$name.log)"
        grep 'error:' "$logs/$name.log" | sed "s|$root/||" | sort -u | head -10 | sed 's/^/          /'
        fail "$compiled of $total modules compiled against $(basename "$sdk")"
    fi
}
core="SesameDomains SesameCrypto SesameSync SesameAutoType SesameStore SesameAutoFill"
total=$(( $(echo $core | wc -w) + 3 ))
echo "ios-build: compiling (the first run also builds the SDK's modules: minutes)"
for name in $core; do module "$name" $(swift_files "Sources/$name"); done
module SesameAutoFillApple $(swift_files Apps/SesameAutoFillApple)
# project.yml: each target compiles its whole folder into one module (PRODUCT_MODULE_NAME).
module SesameAutoFillExtension -application-extension $(swift_files Apps/iOS/AutoFillExtension)
module SesameApp $(swift_files Apps/iOS/App)
echo "ios-build: $compiled of $total modules compiled against $(basename "$sdk") ($target)"

# --- linking, then the bundle -----------------------------------------------------------------------------------
shared=""
for name in $core SesameAutoFillApple; do shared="$shared $objects/$name.o"; done
link() {  # link SYSROOT OUTPUT ENTRY-FLAGS OBJECT...
    root_dir=$1 output=$2 entry=$3; shift 3
    # -application_extension for the extension, as Xcode passes; autolinking (LC_LINKER_OPTION) brings the
    # frameworks and the Swift runtime, which iOS 17 has in /usr/lib/swift.
    "$lld" --error-limit=0 -arch arm64 -platform_version ios "$deployment" "$sdk_version" -syslibroot "$root_dir" \
        -L"$root_dir/usr/lib/swift" -L"$sodium/lib" -F"$root_dir/System/Library/Frameworks" -lSystem -dead_strip \
        $entry -o "$output" "$@" "$builtins"
}
binaries=$work/binaries
mkdir -p "$binaries"
extension_objects="$shared $objects/SesameAutoFillExtension.o"
app_objects="$shared $objects/SesameApp.o"
status=0
provisional=""
extension_linked=true app_linked=true
link "$sdk" "$binaries/AutoFillExtension" "-e _NSExtensionMain -application_extension" $extension_objects \
    >"$logs/link-extension.log" 2>&1 || extension_linked=false
link "$sdk" "$binaries/Sesame" "" $app_objects >"$logs/link-app.log" 2>&1 || app_linked=false
if $extension_linked && $app_linked; then
    echo "ios-build: linked both executables against the SDK's stubs"
else
    status=1
    echo "ios-build: linking against the SDK's stubs FAILED; the linker said:"
    cat "$logs/link-extension.log" "$logs/link-app.log" 2>/dev/null | grep 'error:' | grep -v 'undefined symbol' \
        | sort -u | sed 's/^/  /'
    cat "$logs/link-extension.log" "$logs/link-app.log" 2>/dev/null | sed -n 's/.*error: undefined symbol: //p' \
        | sort -u >"$work/missing-symbols.txt"
    echo "  and $(wc -l <"$work/missing-symbols.txt") undefined symbols (in $work/missing-symbols.txt), by library:"
    # The same link against a copy of the SDK (symlinks) whose stubs are completed with exactly those symbols,
    # so that the layout, the checks and the sizes come out; marked provisional everywhere.
    provisional=$work/sdk-provisional
    rm -rf "$provisional" && cp -rs "$sdk" "$provisional"
    python3 - "$sdk" "$provisional" "$work/missing-symbols.txt" <<'PYTHON' || fail "cannot tell which library lacks what"
import os, re, sys
sdk, overlay, listing = sys.argv[1:4]
missing = [line.strip() for line in open(listing) if line.strip()]
frameworks = os.path.join(sdk, "System/Library/Frameworks")

def library(module):
    """The stub (relative to the SDK) of the library that holds a Swift module's symbols."""
    for rel in (f"System/Library/Frameworks/{module}.framework/{module}.tbd", f"usr/lib/swift/libswift{module}.tbd"):
        if os.path.exists(os.path.join(sdk, rel)):
            # A re-exported library whose stub the SDK lacks is where the symbols the stub lacks live.
            text = open(os.path.join(sdk, rel)).read()
            for name in re.findall(r"(/System/Library/Frameworks/(\w+)\.framework/\w+)", text):
                if name[1].startswith(module) and not os.path.exists(os.path.join(sdk, name[0].lstrip("/") + ".tbd")):
                    return name[0].lstrip("/") + ".tbd", True
            return rel, False
    return None, False

def identifiers(mangled):
    """The length-prefixed identifiers of a Swift symbol, in order (a module name is one of them)."""
    i = 0
    while i < len(mangled):
        m = re.match(r"[1-9][0-9]*", mangled[i:])
        if m and mangled[i + m.end(): i + m.end() + 1].isalpha():
            yield mangled[i + m.end(): i + m.end() + int(m.group())]
            i += m.end() + int(m.group())
        else:
            i += 1

by_library = {}
for symbol in missing:
    stub, absent = None, False
    for name in identifiers(symbol[3:]) if symbol.startswith("_$s") else []:
        stub, absent = library(name)
        if stub:
            break
    if not stub:
        print(f"    {symbol}: no SDK library to attribute it to", file=sys.stderr)
        sys.exit(1)
    by_library.setdefault((stub, absent), []).append(symbol)
for (stub, absent), symbols in sorted(by_library.items()):
    install = "/" + stub[: -len(".tbd")]
    why = "stub absent from the SDK" if absent else "stub lacks them"
    print(f"    {install}: {len(symbols)} ({why})")
    path = os.path.join(overlay, stub)
    original = "" if absent else open(os.path.join(sdk, stub)).read()
    if os.path.lexists(path):
        os.remove(path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    extra = ", ".join(symbols)
    if absent:
        text = (f"--- !tapi-tbd-v3\narchs: [ arm64, arm64e ]\nplatform: ios\ninstall-name: {install}\n"
                f"current-version: 1\ncompatibility-version: 1\nexports:\n  - archs: [ arm64, arm64e ]\n"
                f"    symbols: [ {extra} ]\n...\n")
    else:
        text = re.sub(r"(\n\s*symbols:\s*\[)", lambda m: f"{m.group(1)} {extra},", original, count=1)
        if text == original:
            text = original.replace("exports:\n", f"exports:\n  - archs: [ arm64, arm64e ]\n    symbols: [ {extra} ]\n", 1)
    open(path, "w").write(text)
PYTHON
    link "$provisional" "$binaries/AutoFillExtension" "-e _NSExtensionMain -application_extension" \
        $extension_objects >"$logs/link-extension-provisional.log" 2>&1 \
        || fail "the provisional link failed too (log $logs/link-extension-provisional.log)"
    link "$provisional" "$binaries/Sesame" "" $app_objects >"$logs/link-app-provisional.log" 2>&1 \
        || fail "the provisional link failed too (log $logs/link-app-provisional.log)"
    echo "ios-build: linked both executables PROVISIONALLY, against stubs completed with the symbols above"
fi

python3 - "$root" "$work" "$sdk" "$sdk_version" "$deployment" "$binaries" <<'PYTHON' || fail "bundle layout failed"
# Sesame.app as Xcode lays it out, unsigned: the executables, Info.plists with project.yml's settings substituted,
# the bundled public suffix list, PkgInfo; the entitlements, also substituted, beside the bundle for codesign.
import os, plistlib, re, shutil, sys
root, work, sdk, sdk_version, deployment, binaries = sys.argv[1:7]

def settings(path):
    """project.yml's global settings.base and each target's settings.base (a small YAML subset: nested maps)."""
    stack, result = [], {"": {}}
    for line in open(path):
        if not line.strip() or line.lstrip().startswith(("#", "-")):
            continue
        indent = len(line) - len(line.lstrip())
        key, _, value = line.strip().partition(":")
        while stack and stack[-1][0] >= indent:
            stack.pop()
        keys = [k for _, k in stack]
        value = value.split(" #")[0].strip().strip('"')
        if value:
            if keys == ["settings", "base"]:
                result[""][key] = value
            elif len(keys) == 4 and keys[0] == "targets" and keys[2:] == ["settings", "base"]:
                result.setdefault(keys[1], {})[key] = value
        else:
            stack.append((indent, key))
    return result

project = settings(os.path.join(root, "Apps/iOS/project.yml"))
team = os.environ.get("SESAME_TEAM_ID", "TEAMID")
def values(target, executable, package_type):
    v = {"DEVELOPMENT_LANGUAGE": "en", "MARKETING_VERSION": "1.0", "CURRENT_PROJECT_VERSION": "1",
         "AppIdentifierPrefix": team + ".", "PRODUCT_NAME": executable, "EXECUTABLE_NAME": executable,
         "PRODUCT_MODULE_NAME": target, "PRODUCT_BUNDLE_PACKAGE_TYPE": package_type}
    v.update(project[""])
    v.update(project.get(target, {}))
    return v

def substitute(value, v, where):
    if isinstance(value, dict):
        return {k: substitute(x, v, where) for k, x in value.items()}
    if isinstance(value, list):
        return [substitute(x, v, where) for x in value]
    if isinstance(value, str):
        def one(m):
            if m.group(1) not in v:
                sys.exit(f"ios-build: {where}: no build setting {m.group(1)}")
            return v[m.group(1)]
        return re.sub(r"\$\((\w+)\)", one, value)
    return value

def bundle(folder, target, executable, package_type, plist, entitlements, entitlements_out):
    v = values(target, executable, package_type)
    os.makedirs(folder, exist_ok=True)
    shutil.copy2(os.path.join(binaries, executable), os.path.join(folder, executable))
    info = substitute(plistlib.load(open(os.path.join(root, plist), "rb")), v, plist)
    # What Xcode's Info.plist processing adds.
    info.update({"MinimumOSVersion": deployment, "CFBundleSupportedPlatforms": ["iPhoneOS"], "UIDeviceFamily": [1, 2],
                 "DTPlatformName": "iphoneos", "DTPlatformVersion": sdk_version, "DTSDKName": f"iphoneos{sdk_version}"})
    plistlib.dump(info, open(os.path.join(folder, "Info.plist"), "wb"), fmt=plistlib.FMT_BINARY)
    open(os.path.join(folder, "PkgInfo"), "w").write(package_type + "????")
    suffixes = os.path.join(root, "Apps/iOS/Resources/public_suffix_list.dat")
    if not os.path.exists(suffixes):
        suffixes = "/usr/share/publicsuffix/public_suffix_list.dat"
    if os.path.exists(suffixes):
        shutil.copy2(suffixes, os.path.join(folder, "public_suffix_list.dat"))
    ent = substitute(plistlib.load(open(os.path.join(root, entitlements), "rb")), v, entitlements)
    plistlib.dump(ent, open(entitlements_out, "wb"))
    return info

app = os.path.join(work, "Sesame.app")
shutil.rmtree(app, ignore_errors=True)
info = bundle(app, "Sesame", "Sesame", "APPL", "Apps/iOS/App/Info.plist", "Apps/iOS/App/Sesame.entitlements",
              os.path.join(work, "Sesame.entitlements"))
ext = bundle(os.path.join(app, "PlugIns/AutoFillExtension.appex"), "AutoFillExtension", "AutoFillExtension", "XPC!",
             "Apps/iOS/AutoFillExtension/Info.plist", "Apps/iOS/AutoFillExtension/AutoFillExtension.entitlements",
             os.path.join(work, "AutoFillExtension.entitlements"))
principal = ext["NSExtension"]["NSExtensionPrincipalClass"]
print(f"ios-build: {app}: {info['CFBundleIdentifier']}, extension {ext['CFBundleIdentifier']} ({principal}); "
      f"entitlements beside it, for team {team} (SESAME_TEAM_ID)")
PYTHON

# --- the checks ---------------------------------------------------------------------------------------------------
check() {  # check BINARY
    python3 - "$1" "$sdk" "$sdk" "$deployment" "$nm" "$objdump" <<'PYTHON'
# Every undefined symbol of the binary is exported by a stub of a library it loads (or one those re-export), and
# every ObjC class or C global the SDK's headers declare newer than the deployment target is weakly referenced.
import glob, os, re, subprocess, sys
binary, stubs_root, sdk, deployment, nm, objdump = sys.argv[1:7]
version = lambda text: tuple(int(x) for x in text.split("."))

undefined = {}
for line in subprocess.run([nm, "-m", "-u", binary], capture_output=True, text=True, check=True).stdout.splitlines():
    m = re.match(r"\s*\(undefined\) (weak )?external (\S+)", line)
    if m:
        undefined[m.group(2)] = bool(m.group(1))
dylibs = re.findall(r"^\s+(/\S+) \(", subprocess.run([objdump, "--macho", "--dylibs-used", binary],
                    capture_output=True, text=True, check=True).stdout, re.M)

exported, seen = set(), set()
def load(install):
    if install in seen:
        return
    seen.add(install)
    stub = os.path.join(stubs_root, install.lstrip("/"))
    stub = re.sub(r"\.dylib$", "", stub) + ".tbd"
    if not os.path.exists(stub):
        print(f"  no stub for {install}")
        return
    text = open(stub).read()
    for block in re.split(r"\n\s*-\s+(?=archs:|targets:)", text):
        if "arm64" not in (re.search(r"(?:archs|targets):\s*\[([^\]]*)\]", block) or [None, ""])[1]:
            continue
        for key, items in re.findall(r"([\w-]+):\s*\[([^\]]*)\]", block):
            names = [x.strip().strip("'\"") for x in items.split(",") if x.strip()]
            prefix = {"objc-classes": ["_OBJC_CLASS_$_", "_OBJC_METACLASS_$_"], "objc-eh-types": ["_OBJC_EHTYPE_$_"],
                      "objc-ivars": ["_OBJC_IVAR_$_"]}.get(key, [""])
            if key in ("re-exports", "libraries"):
                for name in names:
                    load(name)
            elif key in ("symbols", "weak-def-symbols", "thread-local-symbols", "objc-classes", "objc-eh-types",
                         "objc-ivars", "weak-symbols"):
                exported.update(p + n for p in prefix for n in names)
for install in dylibs:
    load(install)
missing = sorted(s for s in undefined if s not in exported and s != "dyld_stub_binder")

# Availability of the ObjC classes and C globals the headers of the loaded frameworks declare.
available = {}
for install in seen:
    m = re.match(r"/System/Library/Frameworks/(\w+)\.framework/", install)
    headers = glob.glob(os.path.join(sdk, f"System/Library/Frameworks/{m.group(1)}.framework/Headers/*.h")) if m else []
    for header in headers:
        text = open(header, errors="replace").read()
        for decl in re.split(r";|@end|\*/", text):
            interface = re.search(r"@interface\s+(\w+)\s*:", decl)
            # A class's availability comes before its @interface; a global's after its name.
            ios = re.search(r"\bios\((\d+\.\d+)", decl[: interface.start()] if interface else decl)
            if not ios:
                continue
            if interface:
                available["_OBJC_CLASS_$_" + interface.group(1)] = ios.group(1)
                available["_OBJC_METACLASS_$_" + interface.group(1)] = ios.group(1)
                continue
            # A global: its availability before or after it; its name is the last identifier before the macros
            # that follow it (or before its parameter list, for a function).
            g = re.search(r"\b(?:extern|\w+_EXTERN|\w+_EXPORT)\b", decl)
            if g:
                head = re.split(r"\b(?:API_|NS_|AS_|__)\w*\(", decl[g.end():])[0].split("(")[0]
                names = re.findall(r"[A-Za-z_]\w*", head)
                if names:
                    available["_" + names[-1]] = ios.group(1)
newer = {s: v for s, v in available.items() if s in undefined and version(v) > version(deployment)}
strong = sorted(s for s in newer if not undefined[s])

name = os.path.basename(binary)
weak = sum(undefined.values())
print(f"  {name}: {len(undefined)} undefined symbols, {weak} weak; {len(missing)} not in the SDK's stubs; "
      f"{len(newer)} declared newer than iOS {deployment}, {len(strong)} of them not weak")
for s in missing[:5]:
    print(f"    not in the stubs: {s}")
if len(missing) > 5:
    print(f"    … and {len(missing) - 5} more")
for s in strong:
    print(f"    newer than iOS {deployment} ({newer[s]}) but not weak: {s}")
for s in sorted(s for s in newer if undefined[s]):
    print(f"    weak, iOS {newer[s]}: {s}")
sys.exit(1 if missing or strong else 0)
PYTHON
}
echo "ios-build: checking the binaries (llvm-nm, llvm-objdump) against the SDK's stubs"
app=$work/Sesame.app
check "$app/PlugIns/AutoFillExtension.appex/AutoFillExtension" || status=1
check "$app/Sesame" || status=1
# The reference: an extension that is only an empty ASCredentialProviderViewController subclass, built the same way
# (what any credential provider costs before Sesame's code).
reference=$work/reference
mkdir -p "$reference"
printf '%s\n' 'import AuthenticationServices' 'final class EmptyProvider: ASCredentialProviderViewController {}' \
    >"$reference/EmptyProvider.swift"
swiftc -target "$target" -sdk "$sdk" -resource-dir "$resources" -module-cache-path "$work/module-cache" \
    -swift-version 6 -parse-as-library -wmo -O -application-extension -module-name EmptyProvider \
    -c -o "$reference/EmptyProvider.o" "$reference/EmptyProvider.swift" >"$logs/reference.log" 2>&1 \
    && link "$sdk" "$reference/EmptyProvider" "-e _NSExtensionMain -application_extension" "$reference/EmptyProvider.o" \
        >>"$logs/reference.log" 2>&1 || fail "the reference extension did not build (log $logs/reference.log)"
# As built (a Release build keeps its symbols) and stripped as an archive strips them.
size() {
    "$toolchain/llvm-objcopy" --strip-all "$1" "$work/stripped" && echo "$(wc -c <"$1") bytes ($(wc -c <"$work/stripped") stripped)"
    rm -f "$work/stripped"
}
echo "ios-build: sizes (unsigned, arm64, -O)${provisional:+, PROVISIONAL link}: extension $(size "$app/PlugIns/AutoFillExtension.appex/AutoFillExtension"), app $(size "$app/Sesame"); reference, an empty provider extension: $(size "$reference/EmptyProvider")"
[ $status -eq 0 ] || echo "ios-build: not a complete build against $(basename "$sdk"): see above"
exit $status
