// swift-tools-version:6.0
// libFuzzer targets for every parser that reads untrusted bytes. A package of its own so that
// `swift build` of Ferry never builds them; scripts/fuzz builds them with
// `-sanitize=fuzzer,address` and runs them (see Fuzz/README.md).
import PackageDescription

/// One executable per parser: Sources/<name>/, corpus in Corpus/<name>/.
let fuzzers: [(name: String, dependencies: [Target.Dependency])] = [
    ("FuzzJSON", [.product(name: "FerryProtocol", package: "Ferry")]),
    ("FuzzWireFrame", [.product(name: "FerryCore", package: "Ferry")]),
    ("FuzzTransferJSON", [.product(name: "FerryTransfer", package: "Ferry"), .product(name: "FerryCore", package: "Ferry")]),
    ("FuzzRequestHead", [.product(name: "FerryTransfer", package: "Ferry")]),
    ("FuzzBatchFraming", [
        .product(name: "FerryTransfer", package: "Ferry"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "Crypto", package: "swift-crypto"),
    ]),
    ("FuzzManifest", [.product(name: "FerryCore", package: "Ferry")]),
    ("FuzzURL", [.product(name: "FerryCore", package: "Ferry")]),
    ("FuzzDesktopEntry", [.product(name: "FerryCore", package: "Ferry")]),
    ("FuzzMimeApps", [.product(name: "FerryCore", package: "Ferry")]),
    ("FuzzNameSanitizer", [.product(name: "FerryTransfer", package: "Ferry")]),
    ("FuzzRestoration", [.product(name: "FerryKit", package: "Ferry")]),
    ("FuzzLocalSend", [.product(name: "FerryLocalSend", package: "Ferry"), .product(name: "FerryTransfer", package: "Ferry")]),
    ("FuzzDNS", [.product(name: "FerryDiscovery", package: "Ferry")]),
]

let package = Package(
    name: "FerryFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Ferry", path: ".."),
        // The versions Ferry resolves; the batch fuzzer builds ByteBuffers and checks SHA-256s.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        // The invariant check every fuzzer shares: a breach aborts, so libFuzzer keeps the input.
        .target(name: "FuzzSupport"),
    ] + fuzzers.map { fuzzer in
        .executableTarget(name: fuzzer.name, dependencies: ["FuzzSupport"] + fuzzer.dependencies)
    }
)
