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
        .executable(name: "sesame-secret-service", targets: ["sesame-secret-service"]),
        .library(name: "SesameAutoFill", targets: ["SesameAutoFill"]),
    ],
    targets: [
        // C libraries from Debian, headers only.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        // Only for what libsodium lacks (SHA-1 HMAC, AES-CBC, DH, P-256); Apple builds use the SDK's CryptoKit.
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // Linux calls Swift cannot make directly (variadic prctl, struct ucred behind _GNU_SOURCE).
        .target(name: "CSesameSystem"),
        // sd-bus vtables for Swift (its macros cannot be expanded in Swift). libsystemd has no static archive, so
        // only the separately linked `sesame-secret-service` uses it, never the fully static `sesame`.
        .target(name: "CSDBus", linkerSettings: [.linkedLibrary("systemd")]),

        // The core.
        .target(name: "SesameCrypto", dependencies: ["CSodium", .target(name: "COpenSSL", condition: linuxOnly)]),
        .target(name: "SesameDomains"),
        .target(name: "SesameStore", dependencies: [
            "SesameCrypto", "SesameDomains", .target(name: "CSQLite", condition: linuxOnly),
        ]),
        .target(name: "SesameAutoFill", dependencies: ["SesameStore", "SesameDomains"]),

        // The Linux shell.
        .target(name: "SesameTerminal", dependencies: ["SesameCrypto", "SesameDomains"]),
        .target(name: "SesameAgent", dependencies: ["SesameAutoFill", "CSesameSystem"]),
        .target(name: "SesameGit", dependencies: ["SesameAgent", "SesameAutoFill"]),
        .executableTarget(name: "sesame", dependencies: [
            "SesameAutoFill", "SesameAgent", "SesameGit", "SesameTerminal", "SesameCrypto", "SesameStore",
            "SesameDomains",
        ]),
        .target(name: "SesameSecretService", dependencies: [
            "SesameAgent", "SesameAutoFill", "SesameStore", "SesameCrypto", "CSDBus",
        ]),
        .executableTarget(name: "sesame-secret-service", dependencies: [
            "SesameSecretService", "SesameAgent", "SesameAutoFill", "SesameTerminal",
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
        .testTarget(name: "SesameSecretServiceTests", dependencies: [
            "SesameSecretService", "SesameAgent", "SesameAutoFill", "SesameStore", "SesameCrypto",
        ]),
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
        ("FuzzSecretServiceInput", ["SesameSecretService", "SesameStore", "SesameCrypto"]),
    ]
    package.targets.append(.systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"))
    package.targets.append(.target(name: "FuzzSupport", dependencies: ["CLibFuzzer"], path: "Fuzz/Support"))
    for target in fuzzTargets {
        let name = String(target.name.dropFirst("Fuzz".count))
        package.targets.append(.executableTarget(
            name: target.name, dependencies: target.dependencies + ["FuzzSupport"], path: "Fuzz/\(name)"))
    }
}
