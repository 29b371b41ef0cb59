// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Courier",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "courier", targets: ["courier"]),
        .library(name: "CourierCore", targets: ["CourierCore"]),
        .library(name: "CourierTUI", targets: ["CourierTUI"]),
        // For the fuzz targets in Fuzz/, which import them from outside.
        .library(name: "CourierOpenAPI", targets: ["CourierOpenAPI"]),
        .library(name: "CourierImport", targets: ["CourierImport"]),
        .library(name: "CourierWebSocket", targets: ["CourierWebSocket"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // Only to find an HTTP/2 stream's codec for `PhaseLog`; AsyncHTTPClient builds it anyway.
        .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
        // Only for the decompression limit's type; AsyncHTTPClient builds it anyway.
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        // Tests only: the peer `LatencyHistogram` is checked against (linked, it cost 150 KB).
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
    ],
    targets: [
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        // Values and pure functions only: the compiler keeps networking, storage and the
        // terminal out, because this target links nothing but the toolchain and CourierSystem.
        .target(name: "CourierCore", dependencies: ["CourierSystem"]),
        // Threads and memory pages for the core's JSON printer: system calls, kept out of the core.
        .target(name: "CourierSystem"),
        // The one network adapter.
        .target(
            name: "CourierHTTP",
            dependencies: [
                "CourierCore", "CourierSystem", "CPublicSuffix",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "NIOSOCKS", package: "swift-nio-extras"),
                "CourierWebSocket", "CourierCrypto",
            ]
        ),
        // SHA-256, MD5, HMAC, PBKDF2, AES-CBC and random bytes from the BoringSSL NIOSSL links
        // (see `BoringCrypto`): HTTP Digest and sealed workspaces.
        .target(name: "CourierCrypto", dependencies: [.product(name: "NIOSSL", package: "swift-nio-ssl")]),
        // A WebSocket's upgrade and conversation as NIO handlers: the answer read from raw bytes,
        // swift-nio's frame codec behind it (see DECISIONS, WebSocket). Apart, so the fuzz target
        // builds it without the rest of the engine.
        .target(
            name: "CourierWebSocket",
            dependencies: [
                "CourierCore", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ]),
        // Everything that persists between runs.
        .target(
            name: "CourierStore",
            dependencies: ["CourierCore", "CSQLite", "CourierCrypto"]),
        // The one way a request is sent, for the screen and every command: engine, cookie
        // jars, tokens, checks, OpenAPI contracts and history together.
        .target(
            name: "CourierPipeline",
            dependencies: ["CourierCore", "CourierHTTP", "CourierStore", "CourierOpenAPI", "CourierSystem"]),
        // The system's SQLite for the history database, and the few calls Swift cannot make.
        .target(name: "CSQLite", linkerSettings: [.linkedLibrary("sqlite3")]),
        // libpsl's built-in Public Suffix List (curl's), for which domains cookies may name.
        .target(name: "CPublicSuffix", linkerSettings: [.linkedLibrary("psl")]),
        // OpenAPI and Swagger documents into import plans and contracts (with the JSON Schema
        // validator), and the YAML reader (`StructuredText`) the Insomnia importer's trees come from.
        .target(name: "CourierOpenAPI", dependencies: ["CourierCore", "CourierImport"]),
        // The importers (curl, Postman, Insomnia, Bruno, .http) and the merge into a workspace:
        // pure like the core, and optimised for size, as code that runs once per import.
        .target(name: "CourierImport", dependencies: ["CourierCore"]),
        // State, update and views of the screen: pure, like the core.
        .target(name: "CourierTUI", dependencies: ["CourierCore"]),
        .target(
            name: "CourierSampleAPI",
            dependencies: [
                "CourierCore",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                "CourierCrypto",
            ]
        ),
        .executableTarget(
            name: "courier",
            dependencies: [
                "CourierCore", "CourierHTTP", "CourierStore", "CourierPipeline", "CourierTUI", "CourierSampleAPI",
                "CourierOpenAPI", "CourierImport", "CourierSystem", "CNcurses", "CSQLite",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "CourierCoreTests",
            dependencies: [
                "CourierCore", "CourierImport", "CourierSystem",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            exclude: ["Fixtures"]),
        // Test helpers shared by the integration and end-to-end tests: a hostile loopback server,
        // and TestProcess, which starts the programs they drive.
        .target(name: "CourierTestSupport", dependencies: ["CourierSystem"], path: "Tests/CourierTestSupport"),
        .testTarget(
            name: "CourierHTTPTests",
            dependencies: [
                "CourierHTTP", "CourierCore", "CourierSampleAPI", "CourierTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "CourierStoreTests",
            dependencies: ["CourierStore", "CourierCore", "CourierCrypto"]),
        .testTarget(name: "CourierTUITests", dependencies: ["CourierTUI", "CourierCore"], exclude: ["Screens"]),
        .testTarget(
            name: "CourierPipelineTests",
            dependencies: ["CourierPipeline", "CourierHTTP", "CourierStore", "CourierCore", "CourierSampleAPI"]),
        .testTarget(
            name: "CourierOpenAPITests", dependencies: ["CourierOpenAPI", "CourierImport", "CourierCore"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "CourierCLITests",
            dependencies: [
                "courier", "CourierCore", "CourierStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "CourierEndToEndTests", dependencies: ["CourierCore", "CourierTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// Each file sees the members of what it imports itself, not of what its imports import: a
// file that does not import full Foundation cannot reach its String methods (whose use
// would link full Foundation, and with it ICU's 34 MB data table, into the binary).
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}

// Code that runs once per command or per keypress is optimised for size, not speed: the binary
// must stay under 30 MB stripped. The JSON engine, the network and history (CourierCore,
// CourierHTTP, CourierSystem) stay at -O, where bench.sh measures them.
let sizeOptimised: Set = [
    "courier", "CourierTUI", "CourierOpenAPI", "CourierImport", "CourierSampleAPI", "CourierStore", "CourierPipeline",
    "CourierWebSocket",
]
for target in package.targets where sizeOptimised.contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Osize"], .when(configuration: .release))]
}
