import CourierCore
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
}
