import CourierCore
import CourierImport
import Foundation
import Testing

@testable import CourierOpenAPI

/// A document split over files (`$ref: paths/users.yaml`, `../components/schemas.yaml#/User`,
/// and `#/Rename` inside another file, which names that file): read through the caller's loader,
/// confined to the document's folder, each file once.
@Suite("Import: OpenAPI split over files")
struct SplitDocumentTests {
    static let folder = OpenAPIImportTests.folder.appendingPathComponent("split")

    /// A loader over `files` that counts its reads.
    final class Loader {
        var files: [String: String]
        var reads: [String] = []
        init(_ files: [String: String]) { self.files = files }
        func read(_ path: String) throws(ImportError) -> [UInt8] {
            reads.append(path)
            guard let text = files[path] else { throw ImportError("\(path): no such file beside the document") }
            return Array(text.utf8)
        }
    }

    @Test("the files beside it come in as one document; each is read once")
    func split() throws {
        var reads: [String] = []
        let run = { () throws(ImportError) -> (json: String, warnings: [String]) in
            let plan = try OpenAPIImporter().plan(
                OpenAPIImportTests.bytes(Self.folder.appendingPathComponent("openapi.yaml")), fileName: "openapi.yaml",
                load: { path throws(ImportError) in
                    reads.append(path)
                    return OpenAPIImportTests.bytes(Self.folder.appendingPathComponent(path))
                })
            let outcome = try WorkspaceMerge(fileName: "environments.json", baseDirectory: "/ws", replace: false)
                .merge(plan, into: nil)
            return (
                String(decoding: outcome.bytes, as: UTF8.self), plan.warnings + plan.skipWarnings + outcome.warnings
            )
        }
        try OpenAPIImportTests.check(Self.folder.appendingPathComponent("openapi.yaml.expected"), run)
        reads = []
        _ = try run()
        #expect(
            reads.sorted() == [
                "components/parameters.yaml", "components/schemas.yaml", "paths/user.yaml", "paths/users.yaml",
            ])
    }

    @Test(
        "a reference that leaves the folder, names a URL or an absolute path, or a file that is missing: the path is skipped by name",
        arguments: [
            ("../secrets.yaml", "the reference ../secrets.yaml is outside the document's folder"),
            ("paths/../../up.yaml#/x", "the reference paths/../../up.yaml#/x is outside the document's folder"),
            ("https://example.com/a.yaml", "the reference https://example.com/a.yaml is outside the document's folder"),
            ("/etc/passwd", "the reference /etc/passwd is outside the document's folder"),
            ("missing.yaml", "missing.yaml: no such file beside the document"),
        ])
    func refused(reference: String, message: String) {
        let document = """
            openapi: 3.0.3
            info: {title: T, version: "1"}
            paths:
              /a:
                $ref: "\(reference)"
            """
        let loader = Loader([:])
        var refusal = ""
        do {
            _ = try OpenAPIImporter().plan(Array(document.utf8), fileName: "t.yaml", load: loader.read)
        } catch {
            refusal = error.message
        }
        #expect(refusal.contains(message), "\(refusal)")
    }

    @Test("files that name each other are read once each; without a loader the reference is named")
    func cycles() throws {
        let loader = Loader([
            "a.yaml": "A:\n  type: object\n  properties:\n    b: {$ref: 'b.yaml#/B'}\n",
            "b.yaml": "B:\n  type: object\n  properties:\n    a: {$ref: 'a.yaml#/A'}\n",
        ])
        let document = """
            openapi: 3.0.3
            info: {title: T, version: "1"}
            paths:
              /a:
                post:
                  requestBody:
                    content:
                      application/json:
                        schema: {$ref: "a.yaml#/A"}
                  responses: {"200": {description: ok}}
            """
        let plan = try OpenAPIImporter().plan(Array(document.utf8), fileName: "t.yaml", load: loader.read)
        #expect(plan.routes.count == 1)
        #expect(loader.reads == ["a.yaml", "b.yaml"])
        #expect(throws: ImportError.self) { try OpenAPIImporter().plan(Array(document.utf8), fileName: "t.yaml") }
    }

    @Test(
        "joined paths stay inside the folder",
        arguments: [
            (".", "a.yaml", "a.yaml" as String?), ("paths", "../c/x.yaml", "c/x.yaml"),
            ("paths", "./u.yaml", "paths/u.yaml"),
            ("paths", "../../x.yaml", nil), (".", "..", nil),
        ])
    func joined(folder: String, relative: String, expected: String?) {
        #expect(OpenAPIReferences.joined(folder, relative) == expected)
    }

    @Test(
        "Swagger 2.0 split over files: written into one document, then converted; a recursive schema stays a reference")
    func swagger() throws {
        let loader = Loader([
            "paths/pets.yaml": """
            post:
              operationId: addPet
              consumes: [application/json]
              parameters:
                - in: body
                  name: pet
                  schema: {$ref: '../definitions.yaml#/Pet'}
              responses: {"200": {description: ok}}
            """,
            "definitions.yaml": """
            Pet:
              type: object
              required: [name, tag, parent]
              properties:
                name: {type: string, example: Rex}
                tag: {$ref: '#/Tag'}
                parent: {$ref: '#/Pet'}
            Tag:
              type: object
              required: [label]
              properties:
                label: {type: string, example: good}
            """,
        ])
        let document = """
            swagger: "2.0"
            info: {title: T, version: "1"}
            host: api.example.com
            paths:
              /pets:
                $ref: paths/pets.yaml
            """
        let plan = try OpenAPIImporter().plan(Array(document.utf8), fileName: "t.yaml", load: loader.read)
        #expect(plan.routes.map(\.route.name) == ["addPet"])
        // The recursive `parent` is followed once more into its file, then stops as the importer
        // stops any self-reference.
        let body = plan.routes.first?.route.body
        #expect(
            body?["name"] == .string("Rex") && body?["tag"]?["label"] == .string("good"), "\(String(describing: body))")
    }

    @Test("files that name each other many times do not multiply without end")
    func referenceBomb() throws {
        var files: [String: String] = [:]
        for level in 0..<12 {
            let next = level == 11 ? "{type: string, example: x}" : "{$ref: 'f\(level + 1).yaml#/S'}"
            files["f\(level).yaml"] =
                "S:\n  type: object\n  properties:\n" + (0..<10).map { "    p\($0): \(next)\n" }.joined()
        }
        let loader = Loader(files)
        let document = """
            swagger: "2.0"
            info: {title: T, version: "1"}
            paths:
              /a:
                post:
                  parameters: [{in: body, name: b, schema: {$ref: 'f0.yaml#/S'}}]
                  responses: {"200": {description: ok}}
            """
        // Ten to the twelfth nodes if expanded in full; the budget keeps it to a moment.
        _ = try? OpenAPIImporter().plan(Array(document.utf8), fileName: "t.yaml", load: loader.read)
        #expect(loader.reads.count == 12)
    }

    @Test("a bad reference costs only what uses it: the other operations come in")
    func unusedBadReference() throws {
        let document = """
            openapi: 3.0.3
            info: {title: T, version: "1"}
            paths:
              /ok:
                get: {operationId: ok, responses: {"200": {description: ok}}}
              /bad:
                get:
                  operationId: bad
                  parameters: [{$ref: "../outside.yaml#/p"}]
                  responses: {"200": {description: ok}}
            components:
              schemas:
                Unused: {$ref: "missing.yaml#/U"}
            """
        let plan = try OpenAPIImporter().plan(Array(document.utf8), fileName: "t.yaml", load: Loader([:]).read)
        #expect(plan.routes.map(\.route.name) == ["ok"])
        #expect(plan.skipped.map(\.name) == ["GET /bad"])
        #expect(plan.skipped.first?.reason.contains("../outside.yaml#/p is outside the document's folder") == true)
    }
}
