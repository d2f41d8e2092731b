// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "storage-rules",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "RulesSyntax", targets: ["RulesSyntax"]),
        .library(name: "RulesEngine", targets: ["RulesEngine"]),
        .library(name: "StorageSimulator", targets: ["StorageSimulator"]),
        .library(name: "RulesTesting", targets: ["RulesTesting"]),
        .library(name: "RulesLint", targets: ["RulesLint"]),
        .executable(name: "storage-rules", targets: ["storage-rules"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"])]
        ),
        .target(name: "RulesSyntax"),
        .target(name: "RulesEngine", dependencies: ["RulesSyntax", "CPCRE2"]),
        .target(name: "StorageSimulator", dependencies: ["RulesEngine"]),
        .target(
            name: "RulesTesting",
            dependencies: ["RulesEngine", "StorageSimulator", .product(name: "Yams", package: "Yams")]
        ),
        .target(
            name: "RulesLint",
            dependencies: ["RulesSyntax", "RulesEngine", .product(name: "Yams", package: "Yams")]
        ),
        .target(
            name: "StorageRulesCLI",
            dependencies: [
                "RulesSyntax", "RulesEngine", "StorageSimulator", "RulesTesting", "RulesLint",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "storage-rules",
            dependencies: ["StorageRulesCLI", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(name: "storage-rules-bench", dependencies: ["RulesEngine", "StorageSimulator", "RulesTesting", "RulesLint"]),
        .target(name: "FuzzSupport", path: "Tests/FuzzSupport"),
        .testTarget(name: "RulesSyntaxTests", dependencies: ["RulesSyntax", "FuzzSupport"], exclude: ["Golden"]),
        .testTarget(name: "RulesEngineTests", dependencies: ["RulesEngine", "FuzzSupport"]),
        .testTarget(name: "StorageSimulatorTests", dependencies: ["StorageSimulator", "FuzzSupport"]),
        .testTarget(name: "RulesTestingTests", dependencies: ["RulesTesting", "FuzzSupport"], exclude: ["Fixtures", "Golden"]),
        .testTarget(name: "StorageRulesCLITests", dependencies: ["StorageRulesCLI", "RulesEngine", "RulesSyntax"]),
        .testTarget(name: "RulesLintTests", dependencies: ["RulesLint", "RulesEngine", "RulesSyntax", "FuzzSupport"], exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
