// swift-tools-version:6.0
// Sesame's Apple shell as a package: the SesameAutoFillApple bridge over the core, for the app and the AutoFill
// extension that Apps/iOS/project.yml builds.
//
// On Linux the same package also builds stand-ins named like Apple's frameworks (Apps/StandIns), the extension and
// the app as the modules Xcode builds (without their SwiftUI files), and tests that drive them as the system would
// (scripts/apple-check.sh). The stand-ins cannot shadow the SDK on a Mac, for three independent reasons:
//   1. their targets are declared only when this manifest is evaluated on Linux (`#if os(Linux)` below);
//   2. every dependency on them carries `.when(platforms: [.linux])`;
//   3. every stand-in source starts with `#if !os(Linux) #error(…)`, so a build that reached one anyway fails.
// The Xcode project (Apps/iOS/project.yml) names neither this folder's StandIns nor its Tests; apple-check.sh
// checks that too.
import PackageDescription

let linux = TargetDependencyCondition.when(platforms: [.linux])

var targets: [Target] = [
    .target(
        name: "SesameAutoFillApple",
        dependencies: [
            .product(name: "SesameCore", package: "Sesame"),
            .target(name: "AuthenticationServices", condition: linux),
            .target(name: "LocalAuthentication", condition: linux),
            .target(name: "Security", condition: linux),
            .target(name: "UIKit", condition: linux),
        ],
        path: "SesameAutoFillApple"),
]

#if os(Linux)
// AuthenticationServices is built with library evolution so that, as with Apple's Objective-C enums, a switch
// over its enums needs `@unknown default`. Its only warning, that Foundation itself is not built that way, is
// silenced for this one target.
let resilient: [SwiftSetting] = [.unsafeFlags(["-enable-library-evolution", "-suppress-warnings"])]
targets += [
    .target(name: "UIKit", path: "StandIns/UIKit"),
    .target(name: "AuthenticationServices", dependencies: ["UIKit"], path: "StandIns/AuthenticationServices",
            swiftSettings: resilient),
    .target(name: "LocalAuthentication", path: "StandIns/LocalAuthentication"),
    .target(name: "Security", path: "StandIns/Security"),
    .target(name: "os", path: "StandIns/os"),
    // The two modules Apps/iOS/project.yml builds, under the same names (its PRODUCT_MODULE_NAMEs) and with the
    // same imports; only their SwiftUI files, which cannot compile on Linux, are left to apple-check.sh to parse.
    // The extension: its view controller and log, without Views/.
    .target(
        name: "SesameAutoFillExtension",
        dependencies: ["SesameAutoFillApple", "os", .product(name: "SesameCore", package: "Sesame")],
        path: "iOS/AutoFillExtension",
        exclude: ["Views", "Info.plist", "AutoFillExtension.entitlements"]),
    // The app: its model, without Views/.
    .target(
        name: "SesameApp",
        dependencies: ["SesameAutoFillApple", .product(name: "SesameCore", package: "Sesame")],
        path: "iOS/App",
        exclude: ["Views", "ItemRow.swift", "Info.plist", "Sesame.entitlements"]),
    // The extension's memory during a configuration at 100,000 items (docs/benchmarks.md); run by hand.
    .executableTarget(
        name: "SesameExtensionBench",
        dependencies: ["SesameAutoFillApple", "AuthenticationServices", .product(name: "SesameCore", package: "Sesame")],
        path: "Benchmarks/ExtensionMemory"),
    .testTarget(
        name: "SesameAutoFillAppleTests",
        dependencies: [
            "SesameAutoFillApple", "SesameAutoFillExtension", "SesameApp", "AuthenticationServices", "UIKit",
            .product(name: "SesameCore", package: "Sesame"),
        ],
        path: "Tests/SesameAutoFillAppleTests"),
]
#endif

let package = Package(
    name: "SesameApple",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "SesameAutoFillApple", targets: ["SesameAutoFillApple"]),
    ],
    dependencies: [
        .package(name: "Sesame", path: ".."),
    ],
    targets: targets
)
