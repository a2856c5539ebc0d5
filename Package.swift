// swift-tools-version:6.0
import PackageDescription

let packageRoot = String(#filePath.dropLast("Package.swift".count))

/// How the release ferryd is linked (issue 26; the static ferry has no dynamic symbol table and no
/// relocations to begin with).
/// --no-export-dynamic undoes the toolchain's static-stdlib-args.lnk, which exported every Swift
/// symbol: a 3 MB dynamic symbol table, and roots that kept all public code alive through
/// --gc-sections. lld, because gold has no -z pack-relative-relocs (RELR, glibc 2.36), which stores
/// the PIE's 82,000 relative relocations in a few kB instead of 2 MB. A crash is still symbolised:
/// the symbols are in the -dbgsym file scripts/install writes.
/// scripts/order/ferryd.txt lists the functions ferryd runs to start, idle and open URLs (made by
/// scripts/order/profile.py); lld puts them first, so they share a few pages: an idle ferryd maps
/// 3.7 MB less of its binary. A name the code no longer has is skipped.
/// scripts/link/unnamed-functions.ld gathers the functions that have no symbol to order by.
/// -L scripts/link finds libstdc++.a there first (a link to GCC 12's): the Swift runtime's few C++
/// pieces are linked in, and ferryd no longer loads and relocates all of libstdc++.so (1.1 MB of
/// an idle ferryd's RSS). Where that link dangles, -lstdc++ falls back to the shared library.
let ferrydReleaseLinkFlags = [
    "-use-ld=lld", "-Xlinker", "--no-export-dynamic", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
    "-Xlinker", "--symbol-ordering-file=\(packageRoot)scripts/order/ferryd.txt",
    "-Xlinker", "--no-warn-symbol-ordering",
    "-Xlinker", "-T", "-Xlinker", "\(packageRoot)scripts/link/unnamed-functions.ld",
    "-L", "\(packageRoot)scripts/link",
]

let package = Package(
    name: "Ferry",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "FerryProtocol", targets: ["FerryProtocol"]),
        .library(name: "FerryCore", targets: ["FerryCore"]),
        .library(name: "FerryKit", targets: ["FerryKit"]),
        // For the fuzzers in Fuzz/, a package of their own that reaches the transfer protocols' parsers.
        .library(name: "FerryTransfer", targets: ["FerryTransfer"]),
        .library(name: "FerryLocalSend", targets: ["FerryLocalSend"]),
        .library(name: "FerryDiscovery", targets: ["FerryDiscovery"]),
        .executable(name: "ferry", targets: ["ferry"]),
        .executable(name: "ferryd", targets: ["ferryd"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        // The ferryd protocol: its typed messages (v2), the flat frame (v1), both codecs, the
        // client socket, and the URL syntax frames carry. FoundationEssentials at most; never NIO.
        .target(name: "FerryProtocol", dependencies: ["FerrySystem"]),
        // File, descriptor and timer helpers over the C library (folders, atomic writes, write-all,
        // the Alarm): what every layer needs, without Foundation, NIO or the registry. FerryProtocol
        // re-exports it.
        .target(name: "FerrySystem"),
        // Manifests, registry, launching and the lifecycle state machine; re-exports FerryProtocol.
        .target(name: "FerryCore", dependencies: ["FerryProtocol", "CFerrySys"]),
        // glibc calls Swift's Glibc module does not export (memfd_create, syncfs, renameat2, memmem,
        // malloc_trim), as C forwarders with real prototypes.
        .target(name: "CFerrySys"),
        // libavahi-client, the system's mDNS/DNS-SD client (Debian: libavahi-client-dev).
        .systemLibrary(name: "CAvahi", pkgConfig: "avahi-client", providers: [.apt(["libavahi-client-dev"])]),
        // Finding peers on the LAN: publishing, browsing and liveness, over Avahi.
        .target(
            name: "FerryDiscovery",
            dependencies: [
                "CAvahi",
                "FerryProtocol",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // TSIG (HMAC-SHA256) of wide-area DNS updates; ferryd links Crypto already.
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // libsystemd's sd-bus (Debian: libsystemd-dev), under FerryDBus only.
        .systemLibrary(name: "CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        // A small async D-Bus client over sd-bus: method calls, properties, signals.
        .target(name: "FerryDBus", dependencies: ["CSystemd"]),
        // The daemon: the socket server and the app manager, on NIO and service-lifecycle.
        .target(
            name: "FerryDaemon",
            dependencies: [
                "CFerrySys",
                "FerryCore",
                "FerryDBus",
                "FerryDiscovery",
                "FerryTransfer",
                "FerryProtection",
                "FerryProtectionKeys",
                "FerryLocalSend",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOExtras", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The library managed apps link: an ApplicationDelegate and a one-call entry point.
        .target(name: "FerryKit", dependencies: ["FerryProtocol", "FerryProtection"]),
        // The CLI's commands, as a library so tests can parse arguments in-process.
        .target(
            name: "FerryCommands",
            dependencies: [
                "FerryCore",
                "FerryProtection",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "ferry", dependencies: ["FerryCommands"]),
        // The LAN file drop: the device's TLS identity, the transfer protocol over mutual TLS 1.3.
        .target(
            name: "FerryTransfer",
            dependencies: [
                "CFerrySys",
                "FerryProtocol",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The fscrypt ioctls of <linux/fscrypt.h> behind plain C functions.
        .target(name: "CFscrypt"),
        // Data protection: the four classes on fscrypt v2 policies, the keyring, lock. No crypto and
        // no registry: FerryKit and ferry link it (LinkedModulesTests checks their binaries).
        .target(name: "FerryProtection", dependencies: ["CFscrypt", "FerryProtocol"]),
        // The sealed class keys (scrypt, AES-GCM) and unlocking with them: ferryd only.
        .target(
            name: "FerryProtectionKeys",
            dependencies: [
                "FerryProtection",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ]
        ),
        // LocalSend v2 (multicast discovery, its HTTPS API and client) over FerryTransfer's receiver.
        .target(
            name: "FerryLocalSend",
            dependencies: [
                "FerryTransfer",
                "FerryCore",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The managed to-do example, built on FerryKit.
        .executableTarget(name: "todo-managed", dependencies: ["FerryKit"], path: "examples/TodoManaged"),
        // The do-nothing managed app of the daemon benchmark.
        .executableTarget(name: "ferry-bench-app", dependencies: ["FerryKit"], path: "Benchmarks/daemon/BenchApp"),
        // The managed app of the restore benchmark, whose saved state is about 1 MB.
        .executableTarget(name: "ferry-restore-bench-app", dependencies: ["FerryKit", "FerryCore"], path: "Benchmarks/restore/RestoreApp"),
        .executableTarget(
            name: "ferryd",
            dependencies: [
                "FerryDaemon",
                "FerryProtectionKeys",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            linkerSettings: [.unsafeFlags(ferrydReleaseLinkFlags, .when(configuration: .release))]
        ),
        // The trait that runs blocking suites off the concurrency pool, shared by the test targets.
        .target(name: "FerryTestSupport", dependencies: ["FerryProtocol"], path: "Tests/FerryTestSupport"),
        .testTarget(
            name: "FerryCoreTests",
            dependencies: ["FerryTestSupport", "FerryCore"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "FerryProtectionTests", dependencies: ["FerryTestSupport", "FerryProtection", "FerryProtectionKeys"]),
        .testTarget(name: "FerryProtectionKeysTests", dependencies: ["FerryTestSupport", "FerryProtectionKeys", "FerryProtection"]),
        .testTarget(name: "FerrySystemTests", dependencies: ["FerryTestSupport", "FerrySystem"]),
        .testTarget(name: "FerryProtocolTests", dependencies: ["FerryTestSupport", "FerryProtocol"]),
        .testTarget(name: "FerryKitTests", dependencies: ["FerryTestSupport", "FerryKit", "FerryProtocol"]),
        .testTarget(name: "FerryDiscoveryTests", dependencies: ["FerryTestSupport", "FerryDiscovery"]),
        .testTarget(name: "FerryDBusTests", dependencies: ["FerryTestSupport", "FerryDBus"]),
        .testTarget(name: "FerryTransferTests", dependencies: ["FerryTestSupport", "FerryTransfer", "FerryCore", .product(name: "NIOEmbedded", package: "swift-nio")]),
        .testTarget(name: "FerryLocalSendTests", dependencies: ["FerryTestSupport", "FerryLocalSend", "FerryTransfer", "FerryCore"],
                    exclude: ["Support/attacker.py", "Support/web_share_browser.py", "Support/http10_receiver.py"]),
        .testTarget(
            name: "FerryDaemonTests",
            dependencies: [
                "FerryTestSupport", "FerryDaemon", "FerryCore", "FerryDBus", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "FerryCommandsTests",
            dependencies: ["FerryTestSupport", "FerryCommands", "FerryCore", "FerryKit", "FerryProtection", "ferry", "ferryd", "todo-managed"]
        ),
    ]
)
