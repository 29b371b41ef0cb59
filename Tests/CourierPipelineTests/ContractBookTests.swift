import CourierCore
import CourierHTTP
import CourierPipeline
import Foundation
import Testing

/// The contract documents the pipeline reads: relative to the workspace's folder, once per
/// process, and a document that cannot be read is one failing `contract` result that says why.
@Suite("Contract book")
struct ContractBookTests {
    static let document = #"""
        {"openapi": "3.1.0", "paths": {"/posts/{id}": {"get": {"operationId": "posts.show", "responses": {
          "200": {"description": "OK", "content": {"application/json": {"schema": {
            "type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}}}}}}}}}}}
        """#

    static func exchange(_ body: String) -> Exchange {
        Exchange(
            request: HTTPRequest(method: .get, url: "http://x.test/posts/1"),
            response: HTTPResponse(
                status: 200, reason: "OK", headers: [HeaderField("Content-Type", "application/json")],
                body: Array(body.utf8)),
            origin: ExchangeOrigin(routeName: "posts.show"))
    }

    @Test("a document beside the workspace: kept, broken, read once; a missing one says so")
    func readsOnce() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("contract-book-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("api"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("api/openapi.json")
        try Data(Self.document.utf8).write(to: file)
        let engine = HTTPEngine()
        let book = ContractBook(folder: folder.path, engine: engine)

        let kept = await book.check(Self.exchange(#"{"id": 1}"#), operation: "api/openapi.json#posts.show")
        #expect(kept == [CheckResult(check: "contract", passed: true)])
        // Read once: the file's removal does not change what the book holds.
        try FileManager.default.removeItem(at: file)
        let broken = await book.check(Self.exchange(#"{"id": "1"}"#), operation: "api/openapi.json#posts.show")
        #expect(
            broken.map(\.message) == [
                #"json id: "1" is not of type integer (schema #/paths/~1posts~1{id}/get/responses/200/content/application~1json/schema/properties/id)"#
            ])
        let missing = await book.check(Self.exchange("{}"), operation: "api/gone.json#posts.show")
        #expect(missing.map(\.passed) == [false])
        #expect(missing.first?.message?.hasPrefix("api/gone.json: ") == true, "\(missing)")
        let unnamed = await book.check(Self.exchange("{}"), operation: "posts.show")
        #expect(unnamed.map(\.message) == ["operation posts.show names no document"])
        await engine.shutdown()
    }
}
