import Foundation
import Testing

@testable import CourierCore
@testable import CourierImport

/// `courier import bruno` over its fixtures: each folder holds a `collection/` (part of Bruno's
/// own test collection, with its licence, or a written one) and `expected.json` (the workspace
/// an empty folder gets) or `expected.error`, warnings in `expected.warnings`.
@Suite("Import: Bruno collections")
struct BrunoImportTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/bruno")

    static var fixtures: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasSuffix(".md") }
            .sorted()
    }

    static func run(_ name: String) throws(ImportError) -> (json: String, warnings: [String]) {
        let root = folder.appendingPathComponent(name).appendingPathComponent("collection")
        let paths = (FileManager.default.subpaths(atPath: root.path) ?? []).filter {
            $0 == "bruno.json" || $0.hasSuffix(".bru")
        }
        let files = paths.sorted().map { path in
            BrunoImporter.File(
                path: path,
                bytes: (try? Data(contentsOf: root.appendingPathComponent(path))).map { [UInt8]($0) } ?? [])
        }
        let plan = try BrunoImporter().plan(files, folder: "/ws")
        let outcome = try WorkspaceMerge(fileName: "environments.json", baseDirectory: "/ws", replace: false)
            .merge(plan, into: nil)
        return (String(decoding: outcome.bytes, as: UTF8.self), plan.warnings + plan.skipWarnings + outcome.warnings)
    }

    @Test("each collection imports as its expected.json says", arguments: fixtures)
    func fixture(name: String) throws {
        try FixtureWriter.check(Self.folder.appendingPathComponent(name).appendingPathComponent("expected")) {
            () throws(ImportError) in try Self.run(name)
        }
    }
}
