import CourierCore
import CourierImport
import CourierOpenAPI
import Foundation
import Testing

/// `courier import insomnia` over its fixtures folder: Insomnia's own exports (the smoke
/// tests' and inso's v4 files, with their licence) and a written v5 file. `NAME.expected.json`
/// is the workspace an empty folder gets, or `NAME.expected.error` the one line; warnings in
/// `NAME.expected.warnings` (written by `COURIER_WRITE_FIXTURES=1`, read over before a commit).
/// Here, beside the YAML reader the importer's tree comes from.
@Suite("Import: Insomnia")
struct InsomniaImportTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/insomnia")

    static var fixtures: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { ($0.hasSuffix(".yaml") || $0.hasSuffix(".json")) && !$0.contains(".expected.") }.sorted()
    }

    static func run(_ name: String) throws(ImportError) -> (json: String, warnings: [String]) {
        let bytes = OpenAPIImportTests.bytes(folder.appendingPathComponent(name))
        let plan = try InsomniaImporter().plan(
            try StructuredText.read(bytes, fileName: name), fileName: name, folder: "/ws")
        let outcome = try WorkspaceMerge(fileName: "environments.json", baseDirectory: "/ws", replace: false)
            .merge(plan, into: nil)
        return (String(decoding: outcome.bytes, as: UTF8.self), plan.warnings + plan.skipWarnings + outcome.warnings)
    }

    @Test("each export imports as its .expected.json says, or fails as its .expected.error says", arguments: fixtures)
    func fixture(name: String) throws {
        try OpenAPIImportTests.check(Self.folder.appendingPathComponent(name + ".expected")) {
            () throws(ImportError) in try Self.run(name)
        }
    }

    @Test("a v4 JSON and its YAML copy import to the same workspace")
    func jsonAndYAML() throws {
        #expect(try Self.run("inso-insomnia_v4.json").json == Self.run("inso-insomnia_v4.yaml").json)
    }

    @Test("requests under workspaces the export does not hold come in the file's order, every time")
    func orphansInOrder() throws {
        let parents = ["wrk_z", "wrk_a", "wrk_m", "wrk_b", "wrk_q"]
        let resources = parents.enumerated().map { index, parent in
            #"{"_id": "req_\#(index)", "_type": "request", "parentId": "\#(parent)", "name": "r\#(index)", "method": "GET", "url": "https://a.test/\#(index)"}"#
        }
        let export = #"{"_type": "export", "__export_format": 4, "resources": [\#(resources.joined(separator: ","))]}"#
        for _ in 0..<20 {
            let plan = try InsomniaImporter().plan(try JSONValue.parse(export), fileName: "e.json", folder: "/ws")
            #expect(plan.routes.map(\.route.name) == ["r0", "r1", "r2", "r3", "r4"])
        }
    }
}
