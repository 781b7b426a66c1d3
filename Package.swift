// swift-tools-version:6.0
import Foundation
import PackageDescription

// Apple platforms use the SDK's SQLite3 module; Linux links Debian's libsqlite3.
let linuxOnly = TargetDependencyCondition.when(platforms: [.linux])

let package = Package(
    name: "Sesame",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "sesame", targets: ["sesame"]),
        .executable(name: "sesame-cli", targets: ["sesame-cli"]),
        .executable(name: "git-credential-sesame", targets: ["git-credential-sesame"]),
        .executable(name: "sesame-git-credential", targets: ["sesame-git-credential"]),
        .executable(name: "sesame-browser-host", targets: ["sesame-browser-host"]),
        .executable(name: "sesame-autotype", targets: ["sesame-autotype"]),
        .executable(name: "sesame-secret-service", targets: ["sesame-secret-service"]),
        .executable(name: "sesame-clipboard", targets: ["sesame-clipboard"]),
        .library(name: "SesameAutoFill", targets: ["SesameAutoFill"]),
        // The core as the Apple shell (Apps/) links it: the app creates vaults and reads secrets, so it needs the
        // store's and the crypto's types too, and syncs through a folder the person picks (SesameSync).
        // WebAuthn's bytes (passkeys) are part of SesameAutoFill: the extension answers passkey requests with them.
        .library(name: "SesameCore", targets: ["SesameAutoFill", "SesameStore", "SesameCrypto", "SesameDomains", "SesameSync"]),
    ],
    targets: [
        // C libraries from Debian, headers only.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        // Only for what libsodium lacks (SHA-1 HMAC, AES-CBC, DH, P-256); Apple builds use the SDK's CryptoKit.
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // zxcvbn-c (no pkg-config file): password strength for the audit; Apple builds have no estimator yet.
        .systemLibrary(name: "CZxcvbn", providers: [.apt(["libzxcvbn-dev"])]),
        // libX11 and libXtst for the Auto-Type helper only: libXtst has no static archive, so the helper is its own,
        // dynamically linked executable (docs/autotype.md).
        .systemLibrary(name: "CX11", pkgConfig: "xtst", providers: [.apt(["libx11-dev", "libxtst-dev"])]),
        // Linux calls Swift cannot make directly (variadic prctl, struct ucred behind _GNU_SOURCE).
        .target(name: "CSesameSystem"),
        // KeePass files: Argon2d (libsodium has only Argon2id) and gzip payloads.
        .systemLibrary(name: "CArgon2", pkgConfig: "libargon2", providers: [.apt(["libargon2-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // sd-bus vtables for Swift (its macros cannot be expanded in Swift). libsystemd has no static archive, so
        // only the separately linked `sesame-secret-service` uses it, never the fully static `sesame`.
        .target(name: "CSDBus", linkerSettings: [.linkedLibrary("systemd")]),

        // The core.
        .target(name: "SesameCrypto", dependencies: ["CSodium", .target(name: "COpenSSL", condition: linuxOnly)]),
        .target(name: "SesameDomains"),
        .target(name: "SesameSync", dependencies: ["SesameCrypto"]),
        .target(name: "SesameStore", dependencies: [
            "SesameCrypto", "SesameDomains", "SesameSync", .target(name: "CSQLite", condition: linuxOnly),
        ]),
        // WebAuthn's bytes (authenticator data, attestation object, COSE key, assertions) and the browser's origin
        // rules, shared by the iOS extension and the Linux browser host; the FIDO Credential Exchange Format (CXF 1.0)
        // and its mapping onto items, shared by `sesame import`/`export` and iOS 26's credential exchange.
        .target(name: "SesameAutoFill", dependencies: ["SesameCrypto", "SesameSync",
            "SesameStore", "SesameDomains", .target(name: "CZxcvbn", condition: linuxOnly),
        ]),
        // Other managers' files and Sesame's encrypted backup, to and from items.
        .target(name: "SesameInterchange", dependencies: [
            "SesameStore", "SesameCrypto", "SesameDomains", "SesameKeePass", "SesameAutoFill",
        ]),
        .target(name: "SesameKeePass", dependencies: [
            "SesameStore", "SesameCrypto", "CSodium", "CArgon2", "CZlib", .target(name: "COpenSSL", condition: linuxOnly),
        ]),
        // Auto-Type sequences and the actions a typing shell runs; pure, so the X11 helper links nothing else.
        .target(name: "SesameAutoType"),
        // The Linux shell's features of the vault, each beside the core rather than in it, so that the Apple shell
        // (SesameCore) links none of them: Auto-Type's rules and candidates, the KeePassXC-Browser protocol's
        // access, and items as the Secret Service's lookup attributes name them.
        .target(name: "SesameAutoTypeRules", dependencies: ["SesameAutoFill", "SesameAutoType", "SesameStore"]),
        .target(name: "SesameBrowserAccess", dependencies: ["SesameAutoFill", "SesameStore", "SesameDomains"]),
        .target(name: "SesameSecretAttributes", dependencies: ["SesameAutoFill", "SesameStore"]),
        .target(name: "SesameSystemCalls", dependencies: ["CSesameSystem"]),

        // The Linux shell.
        .target(name: "SesameTerminal", dependencies: ["SesameCrypto", "SesameDomains", "SesameTerminalText", "SesameSystemCalls"]),
        // `TerminalText` alone (no Foundation), for the `sesame` front.
        .target(name: "SesameTerminalText"),
        // Finding and reaching the agent without Foundation: shared by every client and the small `sesame` front.
        .target(name: "SesameAgentLink", dependencies: ["CSesameSystem", "CSodium", "SesameSystemCalls"]),
        .target(name: "SesameAgent", dependencies: ["SesameCrypto", "SesameDomains", "SesameStore", "SesameSync",
            "SesameAutoFill", "SesameAutoType", "SesameAutoTypeRules", "SesameBrowserAccess", "SesameSecretAttributes", "CSesameSystem", "SesameSyncTransport", "SesameAgentLink", "SesameSystemCalls"]),
        .target(name: "SesameGit", dependencies: ["SesameAgent", "SesameAutoFill", "SesameGitProtocol"]),
        // git's message format alone (no Foundation), for the `git-credential-sesame` front.
        .target(name: "SesameGitProtocol"),
        .target(name: "SesameSyncTransport", dependencies: ["SesameSync"]),
        // The installed `sesame`: serves `fill` from the agent and runs `sesame-cli` (the full CLI, Sources/sesame-cli)
        // for every other command; fully static and without Foundation, so it starts fast (docs/design.md).
        .executableTarget(name: "sesame", dependencies: ["SesameFront", "SesameAgentLink"]),
        // What the front serves itself (`fill`, `match`, `list`, `show`, `totp`), without Foundation.
        .target(name: "SesameFront", dependencies: ["SesameAgentLink", "SesameTerminalText", "SesameCommandContract"]),
        // What the fronts and the full programs must agree on, in one place both link (no Foundation): the options
        // and names of the front-served commands, the agent requests the fronts write, the lines both print.
        .target(name: "SesameCommandContract"),
        .executableTarget(name: "sesame-cli", dependencies: ["SesameAgentLink", "SesameKeePass", "SesameTerminalText",
            "SesameAutoFill", "SesameAgent", "SesameGit", "SesameTerminal", "SesameCrypto", "SesameStore",
            "SesameDomains", "SesameInterchange", "SesameSync", "SesameSyncTransport", "SesameBrowser", "SesameAutoType",
            "SesameAutoTypeRules", "SesameBrowserAccess", "SesameSystemCalls", "SesameCommandContract",
        ]),
        .target(name: "SesameBrowser", dependencies: ["SesameAgentLink",
            "SesameAgent", "SesameAutoFill", "SesameBrowserAccess", "SesameStore", "SesameCrypto", "SesameDomains", "SesameSystemCalls",
            "SesameTerminal", "SesameTerminalText",
        ]),
        .executableTarget(name: "sesame-browser-host", dependencies: ["SesameAgentLink",
            "SesameBrowser", "SesameAgent", "SesameTerminal",
        ]),
        .executableTarget(name: "sesame-autotype", dependencies: [
            "SesameAutoType", "CSesameSystem", "SesameSystemCalls", .target(name: "CX11", condition: linuxOnly),
        ]),
        // The clipboard for `sesame copy`: Wayland's data-control protocol spoken directly (no libwayland), and the
        // X11 selection through libX11 in the separate, dynamically linked `sesame-clipboard`.
        .target(name: "SesameClipboard"),
        .executableTarget(name: "sesame-clipboard", dependencies: [
            "SesameClipboard", "CSesameSystem", "SesameSystemCalls", .target(name: "CX11", condition: linuxOnly),
        ]),
        .target(name: "SesameSecretService", dependencies: ["SesameAgentLink",
            "SesameAgent", "SesameAutoFill", "SesameSecretAttributes", "SesameStore", "SesameCrypto", "CSDBus", "SesameTerminalText",
            "SesameTerminal",
        ]),
        .executableTarget(name: "sesame-secret-service", dependencies: ["SesameAgentLink", "SesameTerminalText",
            "SesameSecretService", "SesameAgent", "SesameAutoFill", "SesameTerminal",
        ]),
        // The installed helper: serves `get` from the agent and runs `sesame-git-credential` (the full helper,
        // Sources/sesame-git-credential) for everything else; fully static and without Foundation.
        .executableTarget(name: "git-credential-sesame", dependencies: ["SesameAgentLink", "SesameGitProtocol", "SesameCommandContract"]),
        .executableTarget(name: "sesame-git-credential", dependencies: ["SesameAgentLink", "SesameGitProtocol", "SesameTerminalText",
            "SesameGit", "SesameAgent", "SesameAutoFill", "SesameStore", "SesameCrypto", "SesameTerminal", "SesameSystemCalls",
        ]),

        // Test doubles shared by tests and benchmarks; no product ships them.
        .target(name: "SesameAutoFillTestSupport", dependencies: ["SesameAutoFill"], path: "Tests/SesameAutoFillTestSupport"),

        // Benchmarks: built in release by Benchmarks/run.sh, never timed in unit tests.
        .executableTarget(name: "SesameBench", dependencies: ["SesameAgentLink",
            "SesameAutoFill", "SesameStore", "SesameCrypto", "SesameDomains", "SesameAgent", "SesameAutoFillTestSupport",
            "SesameTerminal", "SesameKeePass", "SesameSync", "SesameSyncTransport",
        ], path: "Benchmarks/SesameBench"),

        .testTarget(name: "SesameCryptoTests", dependencies: ["SesameCrypto"]),
        .testTarget(name: "SesameSystemCallsTests", dependencies: ["SesameSystemCalls"]),
        .testTarget(name: "SesameKeePassTests", dependencies: ["SesameKeePass", "SesameStore", "SesameCrypto"]),
        .testTarget(name: "SesameDomainsTests", dependencies: ["SesameDomains"], resources: [.copy("Fixtures")]),
        .testTarget(name: "SesameStoreTests", dependencies: ["SesameStore", "SesameCrypto", "SesameDomains"]),
        .testTarget(name: "SesamePasskeysTests", dependencies: [
                        "SesameAutoFill", "SesameStore", "SesameCrypto", "SesameDomains", "SesameKeePass",
                        "SesameInterchange", "SesameAutoFillTestSupport"],
                    exclude: ["Scripts"], resources: [.copy("Fixtures")]),
        .testTarget(name: "SesameAutoFillTests", dependencies: ["SesameDomains",
                        "SesameAutoFill", "SesameStore", "SesameCrypto", "SesameAutoFillTestSupport"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "SesameAgentTests", dependencies: ["SesameAgentLink", "SesameCrypto", "SesameDomains",
            "SesameAgent", "SesameAutoFill", "SesameAutoType", "SesameAutoTypeRules", "SesameBrowserAccess",
            "SesameSecretAttributes", "SesameStore", "SesameSync", "SesameSyncTransport", "SesameSystemCalls",
            "SesameCommandContract"]),
        .testTarget(name: "SesameGitTests", dependencies: ["SesameAutoFill", "SesameCrypto", "SesameDomains", "SesameGitProtocol", "SesameStore", "SesameGit", "SesameAgent"]),
        .testTarget(name: "SesameCLITests", dependencies: ["SesameCrypto", "SesameStore", "SesameCommandContract"]),
        .testTarget(name: "SesameCredentialExchangeTests", dependencies: [
                        "SesameAutoFill", "SesameStore", "SesameCrypto"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "SesameFrontTests", dependencies: [
            "SesameFront", "SesameAgentLink", "SesameDomains", "SesameCrypto", "SesameCommandContract"]),
        .testTarget(name: "SesameInterchangeTests", dependencies: ["SesameDomains",
                        "SesameInterchange", "SesameKeePass", "SesameAutoFill", "SesameStore", "SesameCrypto"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "SesameSyncTests", dependencies: [
                        "SesameSync", "SesameSyncTransport", "SesameStore", "SesameCrypto", "SesameDomains",
                        "SesameAutoFillTestSupport", "SesameAutoFill", "SesameKeePass"],
                    resources: [.copy("Fixtures")]),
        // The sync engine against an in-memory store: SesameSync alone, no SQLite.
        .testTarget(name: "SesameSyncEngineTests", dependencies: ["SesameSync", "SesameCrypto"]),
        .testTarget(name: "SesameBrowserTests", dependencies: [
                        "SesameBrowser", "SesameBrowserAccess", "SesameAutoFill", "SesameStore", "SesameCrypto", "SesameDomains", "SesameTerminal"],
                    exclude: ["Scripts"]),
        .testTarget(name: "SesameSecretServiceTests", dependencies: [
            "SesameSecretService", "SesameSecretAttributes", "SesameAgent", "SesameAutoFill", "SesameStore", "SesameCrypto",
        ]),
        .testTarget(name: "SesameTerminalTests", dependencies: ["SesameTerminal", "SesameTerminalText", "SesameCrypto", "SesameDomains"]),
        .testTarget(name: "SesameAutoTypeTests", dependencies: ["SesameAutoType", "SesameAutoTypeRules", "SesameAutoFill", "SesameStore", "SesameCrypto", "SesameDomains", "SesameClipboard", "CSDBus"],
                    exclude: ["Fixtures"]),
    ]
)

// libFuzzer targets (Fuzz/<Name>/, built and run by scripts/fuzz.sh): only when SESAME_FUZZ=1, since they need
// `-sanitize=fuzzer` and reach internals through `@testable import`; never part of build, test or CI.
if ProcessInfo.processInfo.environment["SESAME_FUZZ"] == "1" {
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("FuzzServiceURL", ["SesameDomains"]),
        ("FuzzHost", ["SesameDomains"]),
        ("FuzzServiceIdentifier", ["SesameAutoFill", "SesameDomains", "SesameTerminal"]),
        ("FuzzPublicSuffixList", ["SesameDomains"]),
        ("FuzzGitCredential", ["SesameGit", "SesameGitProtocol", "SesameAutoFill"]),
        ("FuzzAgentFrame", ["SesameAgent", "SesameAgentLink"]),
        ("FuzzItemPayload", ["SesameStore"]),
        ("FuzzPasswordRules", ["SesameAutoFill"]),
        ("FuzzOneTimeCodeURI", ["SesameAutoFill"]),
        ("FuzzCSV", ["SesameInterchange"]),
        ("FuzzBackup", ["SesameInterchange"]),
        ("FuzzCXF", ["SesameAutoFill", "SesameStore"]),
        ("FuzzKDBXHeader", ["SesameKeePass"]),
        ("FuzzVariantDictionary", ["SesameKeePass"]),
        ("FuzzKDBXBlockStream", ["SesameKeePass"]),
        ("FuzzKDBXXML", ["SesameKeePass", "SesameStore"]),
        ("FuzzSyncBatch", ["SesameSync", "SesameCrypto"]),
        ("FuzzBrowserMessage", ["SesameBrowser", "SesameBrowserAccess", "SesameAutoFill", "SesameStore"]),
        ("FuzzAutoTypeSequence", ["SesameAutoType", "SesameAutoTypeRules", "SesameAutoFill", "SesameStore"]),
        ("FuzzSecretServiceInput", ["SesameSecretService", "SesameStore", "SesameCrypto", "SesameTerminal"]),
        ("FuzzSecretServiceCall", ["SesameSecretService", "SesameSecretAttributes", "SesameAutoFill", "SesameStore", "SesameCrypto", "SesameDomains", "CSDBus"]),
        ("FuzzAgentJSON", ["SesameAgentLink"]),
        ("FuzzWaylandMessage", ["SesameClipboard"]),
        ("FuzzBitwardenJSON", ["SesameInterchange"]),
        ("FuzzPasswordRulesFile", ["SesameAutoFill"]),
        ("FuzzPasskeyFields", ["SesameAutoFill", "SesameKeePass", "SesameInterchange", "SesameStore", "SesameCrypto", "SesameDomains"]),
    ]
    package.targets.append(.systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"))
    package.targets.append(.target(name: "FuzzSupport", dependencies: ["CLibFuzzer"], path: "Fuzz/Support"))
    for target in fuzzTargets {
        let name = String(target.name.dropFirst("Fuzz".count))
        package.targets.append(.executableTarget(
            name: target.name, dependencies: target.dependencies + ["FuzzSupport"], path: "Fuzz/\(name)"))
    }
}
