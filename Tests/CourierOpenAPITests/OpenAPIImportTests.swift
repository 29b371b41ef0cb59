import CourierCore
import CourierImport
import CourierOpenAPI
import Foundation
import Testing

/// `courier import openapi` over the fixtures folder: real public documents (Google Books,
/// TomTom and the Swagger pet store, with their licences) and written ones for what they lack
/// (3.1, a self-referencing schema, security schemes, every body kind) and for bad input.
/// (The same checks as CourierCoreTests' FixtureWriter, which a test target cannot share.)
/// `NAME.expected.json` is the workspace an empty folder gets, or `NAME.expected.error` the
/// one line; warnings are in `NAME.expected.warnings`. They are written by
/// `COURIER_WRITE_FIXTURES=1 swift test --filter OpenAPIImportTests` and read over before
/// being committed.
@Suite("Import: OpenAPI")
struct OpenAPIImportTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static var fixtures: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { ($0.hasSuffix(".yaml") || $0.hasSuffix(".json")) && !$0.contains(".expected.") }.sorted()
    }

    static func bytes(_ url: URL) -> [UInt8] { (try? Data(contentsOf: url)).map { [UInt8]($0) } ?? [] }

    static func run(_ name: String) throws(ImportError) -> (json: String, warnings: [String]) {
        let plan = try OpenAPIImporter().plan(bytes(folder.appendingPathComponent(name)), fileName: name)
        let outcome = try WorkspaceMerge(fileName: "environments.json", baseDirectory: "/ws", replace: false)
            .merge(plan, into: nil)
        return (String(decoding: outcome.bytes, as: UTF8.self), plan.warnings + plan.skipWarnings + outcome.warnings)
    }

    @Test("each document imports as its .expected.json says, or fails as its .expected.error says", arguments: fixtures)
    func fixture(name: String) throws {
        try Self.check(Self.folder.appendingPathComponent(name + ".expected")) { () throws(ImportError) in
            try Self.run(name)
        }
    }

    /// Checks `run` against `BASE.json`, `BASE.error` and `BASE.warnings` (written first with
    /// `COURIER_WRITE_FIXTURES=1`); the Insomnia tests use it too.
    static func check(_ expected: URL, _ run: () throws(ImportError) -> (json: String, warnings: [String])) throws {
        if ProcessInfo.processInfo.environment["COURIER_WRITE_FIXTURES"] == "1" {
            for suffix in ["json", "error", "warnings"] {
                try? FileManager.default.removeItem(at: expected.appendingPathExtension(suffix))
            }
            do {
                let result = try run()
                try Data(result.json.utf8).write(to: expected.appendingPathExtension("json"))
                if !result.warnings.isEmpty {
                    try Data(result.warnings.map { $0 + "\n" }.joined().utf8)
                        .write(to: expected.appendingPathExtension("warnings"))
                }
            } catch let error as ImportError {
                try Data((error.message + "\n").utf8).write(to: expected.appendingPathExtension("error"))
            }
        }
        let warnings = String(decoding: bytes(expected.appendingPathExtension("warnings")), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        let error = String(decoding: bytes(expected.appendingPathExtension("error")), as: UTF8.self)
        if !error.isEmpty {
            #expect(throws: ImportError(error.trimmingCharacters(in: .newlines))) { try run() }
            return
        }
        let result = try run()
        #expect(result.json == String(decoding: bytes(expected.appendingPathExtension("json")), as: UTF8.self))
        #expect(result.warnings == warnings)
    }

    @Test(
        "a YAML and a JSON copy of one document import to byte-identical workspaces",
        arguments: [
            "oai-petstore-2.0", "oai-petstore-expanded-2.0", "oai-petstore-expanded-3.0", "oai-api-with-examples-3.0",
        ])
    func yamlAndJSON(name: String) throws {
        let yaml = try Self.run(name + ".yaml")
        let json = try Self.run(name + ".json")
        #expect(yaml.json == json.json)
        #expect(yaml.json.contains("\"routes\""))
    }
}
