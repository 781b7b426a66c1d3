#!/bin/sh
# Sesame's Apple shell on Linux: checks the layout (every Apple-only Swift file compiled or parsed here, no stand-in
# reachable from an Apple build, valid plists and entitlements named by the Xcode project), parses the SwiftUI
# files, which cannot compile here, then builds Apps/ against the stand-ins of Apple's frameworks and runs its
# tests. Apps/ is its own package with its own .build folder, so the core is compiled once more there.
set -eu
cd "$(dirname "$0")/../Apps"

echo "apple-check: layout, plists and entitlements"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift package describe --type json >"$work/describe.json"
python3 - "$work/describe.json" "$work/swiftui-files" <<'PYTHON'
import json, os, plistlib, re, sys

failures = []
describe = json.load(open(sys.argv[1]))
root = os.path.realpath(describe["path"])

compiled = set()
for target in describe["targets"]:
    for source in target.get("sources", []):
        compiled.add(os.path.normpath(os.path.join(target["path"], source)))

swift_files = []
for folder, subfolders, files in os.walk("."):
    subfolders[:] = [s for s in subfolders if not s.startswith(".")]
    for name in files:
        if name.endswith(".swift") and not (folder == "." and name == "Package.swift"):
            swift_files.append(os.path.normpath(os.path.join(folder, name)))

def text(path):
    with open(path, encoding="utf-8") as f:
        return f.read()

parsed = sorted(p for p in swift_files if re.search(r"^import SwiftUI$", text(p), re.M))
for path in sorted(swift_files):
    if path in compiled and path in parsed:
        failures.append(f"{path}: imports SwiftUI, yet a target of Apps/Package.swift compiles it")
    elif path not in compiled and path not in parsed:
        failures.append(f"{path}: neither compiled by Apps/Package.swift nor a SwiftUI file parsed by this check")
with open(sys.argv[2], "w") as f:
    f.write("\n".join(parsed) + ("\n" if parsed else ""))

# The stand-ins can never reach an Apple build: each file refuses to compile off Linux, and the Xcode project
# names neither them nor the Linux-only tests and benchmark.
guard = "#if !os(Linux)\n#error("
linux_only = ("StandIns/", "Tests/", "Benchmarks/")
for path in swift_files:
    if path.startswith("StandIns/") and guard not in text(path):
        failures.append(f"{path}: a stand-in must start with `#if !os(Linux)` / `#error(...)`")
    elif not path.startswith(linux_only) and "standIn" in text(path):
        failures.append(f"{path}: shell code uses a stand-in-only member (standIn...)")
    elif not path.startswith(linux_only) and re.search(r'"group\.[^"]*"', text(path)):
        failures.append(f"{path}: an App Group identifier is hard-coded (read it from Info.plist)")

project = text("iOS/project.yml")
for forbidden in ("StandIns", "Tests", "Benchmarks"):
    if re.search(rf"^[^#]*{forbidden}", project, re.M):
        failures.append(f"iOS/project.yml names {forbidden}: it must stay out of the Apple build")

def load(path):
    try:
        with open(path, "rb") as f:
            return plistlib.load(f)
    except Exception as error:
        failures.append(f"{path}: not a valid property list ({error})")
        return {}

plists = sorted(os.path.join(d, n) for d, _, fs in os.walk("iOS") for n in fs if n.endswith((".plist", ".entitlements")))
for path in plists:
    relative = os.path.relpath(path, "iOS")
    if not re.search(rf"^\s*(INFOPLIST_FILE|CODE_SIGN_ENTITLEMENTS): {re.escape(relative)}$", project, re.M):
        failures.append(f"{path}: not named by iOS/project.yml")
    contents = load(path)
    if path.endswith(".entitlements"):
        if contents.get("com.apple.developer.authentication-services.autofill-credential-provider") is not True:
            failures.append(f"{path}: lacks the AutoFill credential provider entitlement")
        if contents.get("com.apple.security.application-groups") != ["$(SESAME_APP_GROUP)"]:
            failures.append(f"{path}: the App Group must be $(SESAME_APP_GROUP)")
        if contents.get("keychain-access-groups") != ["$(AppIdentifierPrefix)$(SESAME_KEYCHAIN_GROUP)"]:
            failures.append(f"{path}: the keychain group must be $(AppIdentifierPrefix)$(SESAME_KEYCHAIN_GROUP)")
    else:
        if contents.get("SesameAppGroup") != "$(SESAME_APP_GROUP)":
            failures.append(f"{path}: SesameAppGroup must be $(SESAME_APP_GROUP), the entitlements' group")
        if contents.get("SesameKeychainGroup") != "$(AppIdentifierPrefix)$(SESAME_KEYCHAIN_GROUP)":
            failures.append(f"{path}: SesameKeychainGroup must match the entitlements' keychain group")

extension = load("iOS/AutoFillExtension/Info.plist").get("NSExtension", {})
attributes = extension.get("NSExtensionAttributes", {})
capabilities = attributes.get("ASCredentialProviderExtensionCapabilities", {})
expected = [
    (extension.get("NSExtensionPointIdentifier") == "com.apple.authentication-services-credential-provider-ui",
     "NSExtensionPointIdentifier"),
    (str(extension.get("NSExtensionPrincipalClass", "")).endswith(".CredentialProviderViewController"),
     "NSExtensionPrincipalClass"),
    (attributes.get("ASCredentialProviderExtensionShowsConfigurationUI") is True,
     "ASCredentialProviderExtensionShowsConfigurationUI"),
] + [(capabilities.get(key) is True, f"ASCredentialProviderExtensionCapabilities.{key}") for key in (
    "ProvidesPasswords", "ProvidesOneTimeCodes", "ProvidesTextToInsert", "ShowsConfigurationUI",
    "SupportsSavePasswordCredentials", "SupportsGeneratePasswordCredentials", "ProvidesPasskeys",
    "SupportsConditionalPasskeyRegistration")]
failures += [f"iOS/AutoFillExtension/Info.plist: {key} missing or wrong" for ok, key in expected if not ok]

# iOS 26's credential exchange: the extension declares it and the CXF versions (Apple's ASCredentialImportManager
# page: NSExtension > NSExtensionAttributes > ASCredentialProviderExtensionCapabilities), and the app accepts the
# user activity the system launches an importing app with (NSUserActivityTypes, the item Apple's page names).
if capabilities.get("SupportsCredentialExchange") is not True:
    failures.append("iOS/AutoFillExtension/Info.plist: ASCredentialProviderExtensionCapabilities.SupportsCredentialExchange missing or wrong")
if capabilities.get("SupportedCredentialExchangeVersions") != ["1.0"]:
    failures.append("iOS/AutoFillExtension/Info.plist: ASCredentialProviderExtensionCapabilities.SupportedCredentialExchangeVersions must be [\"1.0\"]")
if "ASCredentialExchangeActivityType" not in load("iOS/App/Info.plist").get("NSUserActivityTypes", []):
    failures.append("iOS/App/Info.plist: NSUserActivityTypes lacks ASCredentialExchangeActivityType (credential exchange imports)")

for failure in failures:
    print("apple-check: " + failure, file=sys.stderr)
sys.exit(1 if failures else 0)
PYTHON

echo "apple-check: what the Apple build links"
(cd .. && swift package describe --type json) >"$work/core.json"
python3 - "$work/core.json" <<'PYTHON'
import json, os, re, sys

# The Apple shell links the SesameCore product and nothing else of the core's package: that product's modules and
# what they depend on must hold nothing of Auto-Type, X11, D-Bus or the agent, and no Apple shell source may import
# a module of the package outside them (a Linux feature module such as SesameAutoTypeRules included).
describe = json.load(open(sys.argv[1]))
targets = {target["name"]: target for target in describe["targets"]}
core = next(product for product in describe["products"] if product["name"] == "SesameCore")
linked, pending = set(), list(core["targets"])
while pending:
    name = pending.pop()
    if name not in linked:
        linked.add(name)
        pending += targets[name].get("target_dependencies", [])
failures = [f"SesameCore links {name}, which the Apple build must not link"
            for name in sorted(linked) if re.search(r"AutoType|X11|DBus|Agent|Browser|Secret", name)]
outside = set(targets) - linked
for folder in ("SesameAutoFillApple", "iOS"):
    for directory, _, files in os.walk(folder):
        for name in files:
            if not name.endswith(".swift"):
                continue
            path = os.path.join(directory, name)
            for module in re.findall(r"^\s*(?:@testable\s+)?import\s+(\w+)", open(path, encoding="utf-8").read(), re.M):
                if module in outside:
                    failures.append(f"{path}: imports {module}, which SesameCore does not link")
for failure in failures:
    print("apple-check: " + failure, file=sys.stderr)
sys.exit(1 if failures else 0)
PYTHON

echo "apple-check: parsing SwiftUI files"
while IFS= read -r file; do
    swiftc -parse "$file"
done <"$work/swiftui-files"

echo "apple-check: building Apps/ against the stand-ins"
swift build --build-tests
swift test --skip-build
