import Foundation
import Testing

@testable import CourierCore
@testable import CourierImport

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

    /// Postman's transformer examples where its v2.1 file is the v1 file converted.
    static let pairs = ["binary-upload", "hackernews", "proper-url-parsing", "urlencoded-post-data"]

    @Test("a v1 collection imports as its v2.1 conversion by Postman's transformer does", arguments: pairs)
    func v1AsItsConversion(name: String) throws {
        let folder = Self.folder.deletingLastPathComponent().appendingPathComponent("postman-v1-pairs")
        func workspace(_ file: String) throws -> String {
            let plan = try PostmanImporter().plan(
                Self.bytes(folder.appendingPathComponent(file)), fileName: file, folder: folder.path)
            let outcome = try WorkspaceMerge(fileName: "environments.json", baseDirectory: folder.path, replace: false)
                .merge(plan, into: nil)
            return String(decoding: outcome.bytes, as: UTF8.self)
        }
        let v1 = try workspace("\(name).v1.json")
        #expect(v1.contains("\"routes\""))
        #expect(v1 == (try workspace("\(name).v21.json")))
    }

    @Test("folders chained by id far past any nesting: bounded, one line, no crash (v1 and Insomnia)")
    func deepChains() throws {
        let depth = 20_000
        var folders: [JSONValue] = []
        for level in 0..<depth {
            folders.append(
                .object([
                    JSONMember("id", .string("f\(level)")), JSONMember("name", .string("f\(level)")),
                    JSONMember("order", .array(level == depth - 1 ? [.string("r")] : [])),
                    JSONMember("folders_order", .array(level == depth - 1 ? [] : [.string("f\(level + 1)")])),
                ]))
        }
        let request = JSONValue.object([
            JSONMember("id", .string("r")), JSONMember("name", .string("deep")),
            JSONMember("url", .string("http://x/y")),
        ])
        let v1 = JSONValue.object([
            JSONMember("id", .string("c")), JSONMember("order", .array([])),
            JSONMember("folders_order", .array([.string("f0")])), JSONMember("folders", .array(folders)),
            JSONMember("requests", .array([request])),
        ])
        #expect(throws: ImportError("c.json: the collection has no request")) {
            try PostmanImporter().plan(Array(v1.serialized.utf8), fileName: "c.json", folder: "/tmp")
        }
        var resources: [JSONValue] = [
            .object([JSONMember("_id", .string("w")), JSONMember("_type", .string("workspace"))])
        ]
        for level in 0..<depth {
            resources.append(
                .object([
                    JSONMember("_id", .string("f\(level)")), JSONMember("_type", .string("request_group")),
                    JSONMember("parentId", .string(level == 0 ? "w" : "f\(level - 1)")),
                ]))
        }
        let export = JSONValue.object([
            JSONMember("_type", .string("export")), JSONMember("__export_format", .number("4")),
            JSONMember("resources", .array(resources)),
        ])
        #expect(throws: ImportError.self) { try InsomniaImporter().plan(export, fileName: "e.json", folder: "/ws") }
    }
}
