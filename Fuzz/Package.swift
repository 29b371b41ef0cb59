// swift-tools-version:5.4
// 5.4, not newer: from 5.5 SwiftPM renames an executable's `main` for testing, and a fuzz
// target's `main` is libFuzzer's.
import PackageDescription

// libFuzzer targets, one executable each, outside the main package so `swift build` never
// compiles them. scripts/fuzz.sh builds them with `-sanitize=fuzzer,address` (every module,
// the code under test included) and runs each over its corpus in Fuzz/Corpus/<target>.
let core = Target.Dependency.product(name: "CourierCore", package: "Courier")
let importers = Target.Dependency.product(name: "CourierImport", package: "Courier")

func fuzzer(_ name: String, _ more: [Target.Dependency] = []) -> Target {
    .executableTarget(name: name, dependencies: ["FuzzSupport", core] + more)
}

let package = Package(
    name: "CourierFuzz",
    dependencies: [
        .package(name: "Courier", path: ".."),
        // The embedded channel the WebSocket handlers run on (NIO is the main package's already).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .target(name: "FuzzSupport", dependencies: [core, importers]),
        fuzzer("FuzzJSON"), fuzzer("FuzzJSONPath"), fuzzer("FuzzWorkspace"), fuzzer("FuzzTemplate"),
        fuzzer("FuzzCheck"), fuzzer("FuzzCurl", [importers]), fuzzer("FuzzPostman", [importers]),
        fuzzer("FuzzHTTPFile", [importers]),
        fuzzer("FuzzOpenAPI", [.product(name: "CourierOpenAPI", package: "Courier")]), fuzzer("FuzzHeaders"),
        fuzzer("FuzzStream"), fuzzer("FuzzSeal"), fuzzer("FuzzRegex"), fuzzer("FuzzGraphQL"),
        fuzzer(
            "FuzzWebSocket",
            [
                .product(name: "CourierWebSocket", package: "Courier"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ]),
    ]
)
