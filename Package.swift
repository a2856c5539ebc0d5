// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Ferry",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "FerryCore", targets: ["FerryCore"]),
        .executable(name: "ferry", targets: ["ferry"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Manifests, registry, URL parsing, launching. FoundationEssentials at most; never NIO.
        .target(name: "FerryCore"),
        // The CLI's commands, as a library so tests can parse arguments in-process.
        .target(
            name: "FerryCommands",
            dependencies: [
                "FerryCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "ferry", dependencies: ["FerryCommands"]),
        .testTarget(
            name: "FerryCoreTests",
            dependencies: ["FerryCore"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "FerryCommandsTests", dependencies: ["FerryCommands", "FerryCore", "ferry"]),
    ]
)
