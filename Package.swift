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
        .library(name: "StorageEmulator", targets: ["StorageEmulator"]),
        .library(name: "RulesLint", targets: ["RulesLint"]),
        .executable(name: "storage-rules", targets: ["storage-rules"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"])]
        ),
        .systemLibrary(name: "CGlibcMalloc"),
        .target(name: "RulesSyntax"),
        .target(name: "RulesEngine", dependencies: ["RulesSyntax", "CPCRE2"]),
        .target(name: "StorageSimulator", dependencies: ["RulesEngine"]),
        .target(
            name: "RulesTesting",
            dependencies: ["RulesEngine", "StorageSimulator", "CGlibcMalloc", .product(name: "Yams", package: "Yams")]
        ),
        .target(
            name: "RulesLint",
            dependencies: ["RulesSyntax", "RulesEngine", .product(name: "Yams", package: "Yams")]
        ),
        .target(
            name: "StorageEmulator",
            dependencies: [
                "RulesSyntax", "RulesEngine", "StorageSimulator", "RulesTesting",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "StorageRulesCLI",
            dependencies: [
                "RulesSyntax", "RulesEngine", "StorageSimulator", "RulesTesting", "RulesLint", "StorageEmulator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "storage-rules",
            dependencies: [
                "StorageRulesCLI", "RulesTesting", "CGlibcMalloc", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // A position-dependent executable: as a position-independent one,
            // the dynamic loader relocated 108,700 pointers in its data at
            // every start, copying each page they sit on (700 page faults,
            // 3-4 ms of a 12 ms `--version`; 320 faults and 8 ms without).
            // Every run pays it, a pre-commit hook's included. The libraries
            // the tool loads, its heap and its stacks are still placed at
            // random; the executable's own image is not (README, "Performance").
            linkerSettings: [.unsafeFlags(["-Xclang-linker", "-no-pie"], .when(platforms: [.linux], configuration: .release))]
        ),
        .target(name: "EmulatorLoad"),
        .executableTarget(
            name: "storage-rules-bench", dependencies: ["RulesEngine", "StorageSimulator", "RulesTesting", "StorageEmulator", "EmulatorLoad", "RulesLint"]
        ),
        .target(name: "FuzzSupport", path: "Tests/FuzzSupport"),
        .target(name: "AllocationCounting", path: "Tests/AllocationCounting"),
        .executableTarget(
            name: "storage-rules-allocation-check", dependencies: ["RulesEngine", "RulesSyntax", "AllocationCounting"],
            path: "Tests/AllocationCheck"
        ),
        .testTarget(name: "RulesSyntaxTests", dependencies: ["RulesSyntax", "FuzzSupport"], exclude: ["Golden"]),
        .testTarget(name: "RulesEngineTests", dependencies: ["RulesEngine", "FuzzSupport"]),
        .testTarget(name: "StorageSimulatorTests", dependencies: ["StorageSimulator", "FuzzSupport"]),
        .testTarget(name: "RulesTestingTests", dependencies: ["RulesTesting", "FuzzSupport"], exclude: ["Fixtures", "Golden"]),
        .testTarget(name: "StorageRulesCLITests", dependencies: ["StorageRulesCLI", "RulesEngine", "RulesSyntax", "StorageEmulator"]),
        .testTarget(
            name: "StorageEmulatorTests",
            dependencies: [
                "StorageEmulator", "StorageSimulator", "RulesEngine", "EmulatorLoad",
                .product(name: "CompressNIO", package: "compress-nio"), .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "RulesLintTests", dependencies: ["RulesLint", "RulesEngine", "RulesSyntax", "FuzzSupport"], exclude: ["Golden"]),
        .testTarget(name: "BenchmarkTargetsTests", dependencies: ["storage-rules-bench"]),
    ],
    swiftLanguageModes: [.v6]
)
