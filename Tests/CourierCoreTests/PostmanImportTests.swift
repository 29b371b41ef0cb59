import Foundation
import Testing

@testable import CourierCore

/// `courier import postman` over the fixtures folder: each folder holds one
/// `collection.json` and the Postman environments exported beside it
/// (`*.postman_environment.json`), and `expected.json` or `expected.error`.
@Suite("Import: Postman")
struct PostmanImportTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/postman")

    static var fixtures: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    static func bytes(_ url: URL) -> [UInt8] { (try? Data(contentsOf: url)).map { [UInt8]($0) } ?? [] }

    static func run(_ name: String) throws(ImportError) -> (json: String, warnings: [String]) {
        let directory = folder.appendingPathComponent(name)
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
        let environments = files.filter { $0.hasSuffix(".postman_environment.json") }.map {
            PostmanImporter.EnvironmentFile(name: $0, bytes: bytes(directory.appendingPathComponent($0)))
        }
        let plan = try PostmanImporter().plan(
            bytes(directory.appendingPathComponent("collection.json")), fileName: "collection.json",
            folder: directory.path, environmentFiles: environments)
        let outcome = try WorkspaceMerge(fileName: "environments.json", baseDirectory: directory.path, replace: false)
            .merge(plan, into: nil)
        return (String(decoding: outcome.bytes, as: UTF8.self), plan.warnings + plan.skipWarnings + outcome.warnings)
    }

    @Test("each fixture imports as its expected.json says, or fails as its expected.error says", arguments: fixtures)
    func fixture(name: String) throws {
        let expected = Self.folder.appendingPathComponent(name).appendingPathComponent("expected")
        try FixtureWriter.check(expected) { () throws(ImportError) in try Self.run(name) }
    }
}
