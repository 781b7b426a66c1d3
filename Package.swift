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
        .executable(name: "git-credential-sesame", targets: ["git-credential-sesame"]),
        .executable(name: "sesame-browser-host", targets: ["sesame-browser-host"]),
        .executable(name: "sesame-autotype", targets: ["sesame-autotype"]),
        .library(name: "SesameAutoFill", targets: ["SesameAutoFill"]),
    ],
    targets: [
        // C libraries from Debian, headers only.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        // Linux calls Swift cannot make directly (variadic prctl, struct ucred behind _GNU_SOURCE).
        .target(name: "CSesameSystem"),
        // Auto-Type only: libX11 and libXtst have no static archive, so only the dynamically linked
        // sesame-autotype links them.
        .systemLibrary(name: "CX11", pkgConfig: "xtst", providers: [.apt(["libx11-dev", "libxtst-dev"])]),

        // The core.
        .target(name: "SesameCrypto", dependencies: ["CSodium"]),
        .target(name: "SesameDomains"),
        .target(name: "SesameStore", dependencies: [
            "SesameCrypto", "SesameDomains", .target(name: "CSQLite", condition: linuxOnly),
        ]),
        .target(name: "SesameAutoFill", dependencies: ["SesameStore", "SesameDomains"]),

        // The Linux shell.
        .target(name: "SesameTerminal", dependencies: ["SesameCrypto", "SesameDomains"]),
        .target(name: "SesameAgent", dependencies: ["SesameAutoFill", "CSesameSystem"]),
        .target(name: "SesameGit", dependencies: ["SesameAgent", "SesameAutoFill"]),
        .target(name: "SesameBrowser", dependencies: [
            "SesameAgent", "SesameAutoFill", "SesameStore", "SesameCrypto", "SesameDomains",
        ]),
        .executableTarget(name: "sesame", dependencies: [
            "SesameAutoFill", "SesameAgent", "SesameGit", "SesameTerminal", "SesameCrypto", "SesameStore",
            "SesameDomains", "SesameBrowser",
        ]),
        .executableTarget(name: "sesame-browser-host", dependencies: [
            "SesameBrowser", "SesameAgent", "SesameTerminal",
        ]),
        .target(name: "SesameAutoType", dependencies: ["CX11"]),
        .executableTarget(name: "sesame-autotype", dependencies: [
            "SesameAutoType", "SesameAgent", "SesameAutoFill", "SesameStore", "SesameTerminal", "SesameDomains",
        ]),
        .executableTarget(name: "git-credential-sesame", dependencies: [
            "SesameGit", "SesameAgent", "SesameAutoFill", "SesameStore", "SesameCrypto", "SesameTerminal",
        ]),

        // Test doubles shared by tests and benchmarks; no product ships them.
        .target(name: "SesameAutoFillTestSupport", dependencies: ["SesameAutoFill"], path: "Tests/SesameAutoFillTestSupport"),

        // Benchmarks: built in release by Benchmarks/run.sh, never timed in unit tests.
        .executableTarget(name: "SesameBench", dependencies: [
            "SesameAutoFill", "SesameStore", "SesameCrypto", "SesameDomains", "SesameAgent", "SesameAutoFillTestSupport",
            "SesameTerminal",
        ], path: "Benchmarks/SesameBench"),

        .testTarget(name: "SesameCryptoTests", dependencies: ["SesameCrypto"]),
        .testTarget(name: "SesameDomainsTests", dependencies: ["SesameDomains"], resources: [.copy("Fixtures")]),
        .testTarget(name: "SesameStoreTests", dependencies: ["SesameStore", "SesameCrypto", "SesameDomains"]),
        .testTarget(name: "SesameAutoFillTests", dependencies: [
                        "SesameAutoFill", "SesameStore", "SesameCrypto", "SesameAutoFillTestSupport"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "SesameAgentTests", dependencies: ["SesameAgent", "SesameAutoFill", "SesameStore"]),
        .testTarget(name: "SesameGitTests", dependencies: ["SesameGit", "SesameAgent"]),
        .testTarget(name: "SesameCLITests", dependencies: ["SesameCrypto"]),
        .testTarget(name: "SesameBrowserTests", dependencies: [
                        "SesameBrowser", "SesameAutoFill", "SesameStore", "SesameCrypto", "SesameDomains"],
                    exclude: ["Scripts"]),
        .testTarget(name: "SesameAutoTypeTests", dependencies: ["SesameAutoType"], exclude: ["Scripts"]),
        .testTarget(name: "SesameTerminalTests", dependencies: ["SesameTerminal", "SesameCrypto", "SesameDomains"]),
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
        ("FuzzGitCredential", ["SesameGit", "SesameAutoFill"]),
        ("FuzzAgentFrame", ["SesameAgent"]),
        ("FuzzItemPayload", ["SesameStore"]),
        ("FuzzBrowserMessage", ["SesameBrowser", "SesameAutoFill", "SesameStore"]),
        ("FuzzAutoTypeSequence", ["SesameAutoType"]),
    ]
    package.targets.append(.systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"))
    package.targets.append(.target(name: "FuzzSupport", dependencies: ["CLibFuzzer"], path: "Fuzz/Support"))
    for target in fuzzTargets {
        let name = String(target.name.dropFirst("Fuzz".count))
        package.targets.append(.executableTarget(
            name: target.name, dependencies: target.dependencies + ["FuzzSupport"], path: "Fuzz/\(name)"))
    }
}
