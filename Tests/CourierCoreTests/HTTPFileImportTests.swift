import Foundation
import Testing

@testable import CourierCore
@testable import CourierImport

/// `courier import http` over the fixtures folder: each folder holds one `requests.http` (or
/// `.rest`) with the env files JetBrains reads beside it, and `expected.json` (the workspace
/// an empty folder gets), or `expected.error`; warnings are in `expected.warnings`.
@Suite("Import: .http files")
struct HTTPFileImportTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/http")

    static var fixtures: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    static func run(_ name: String) throws(ImportError) -> (json: String, warnings: [String]) {
        let directory = folder.appendingPathComponent(name)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let source = files.first { $0.hasSuffix(".http") || $0.hasSuffix(".rest") } ?? "requests.http"
        let environments = ["http-client.env.json", "http-client.private.env.json"].filter(files.contains).map {
            HTTPFileImporter.EnvironmentFile(
                name: $0, bytes: Self.bytes(directory.appendingPathComponent($0)), isPrivate: $0.contains(".private."))
        }
        let text = try ImportText.utf8(bytes(directory.appendingPathComponent(source)), name: source)
        let plan = try HTTPFileImporter().plan(
            text, fileName: source, folder: directory.path, environmentFiles: environments)
        let outcome = try WorkspaceMerge(fileName: "environments.json", baseDirectory: directory.path, replace: false)
            .merge(plan, into: nil)
        return (String(decoding: outcome.bytes, as: UTF8.self), plan.warnings + plan.skipWarnings + outcome.warnings)
    }

    static func bytes(_ url: URL) -> [UInt8] { (try? Data(contentsOf: url)).map { [UInt8]($0) } ?? [] }

    @Test("each fixture imports as its expected.json says, or fails as its expected.error says", arguments: fixtures)
    func fixture(name: String) throws {
        let expected = Self.folder.appendingPathComponent(name).appendingPathComponent("expected")
        try FixtureWriter.check(expected) { () throws(ImportError) in try Self.run(name) }
    }

    @Test("an env file in UTF-16 or not JSON is named; a BOM is fine")
    func environmentFiles() throws {
        let request = "GET http://a.test/x\n"
        let utf16 = HTTPFileImporter.EnvironmentFile(
            name: "http-client.env.json", bytes: [0xFF, 0xFE] + Array("{}".utf8).flatMap { [$0, 0] }, isPrivate: false)
        #expect(throws: ImportError("http-client.env.json: the file is UTF-16; save it as UTF-8 and import it again")) {
            try HTTPFileImporter().plan(
                request, fileName: "a.http", folder: "/", environmentFiles: [utf16])
        }
        let bom = HTTPFileImporter.EnvironmentFile(
            name: "e.json", bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"dev": {"k": 1}}"#.utf8), isPrivate: false)
        let plan = try HTTPFileImporter()
            .plan(request, fileName: "a.http", folder: "/", environmentFiles: [bom])
        #expect(plan.environments.map(\.name) == ["dev"] && plan.environments[0].variables == ["k": "1"])
    }

    @Test("a < FILE body is never read into the workspace: a reference, with a warning; /etc/passwd stays a name")
    func bodyFileReference() throws {
        let plan = try HTTPFileImporter().plan(
            "POST http://a.test/x\nContent-Type: text/plain\n\n< /etc/passwd\n", fileName: "a.http", folder: "/p",
            environmentFiles: [])
        let route = try #require(plan.routes.first?.route)
        #expect(route.bodyFile == "/etc/passwd" && route.text == nil && route.contentType == "text/plain")
        #expect(plan.warnings.contains { $0.contains("the body is the file /etc/passwd") })
        let outcome = try WorkspaceMerge(fileName: "environments.json", baseDirectory: "/p", replace: false)
            .merge(plan, into: nil)
        #expect(!String(decoding: outcome.bytes, as: UTF8.self).contains("root:"))
    }
}
