import Testing

@testable import CourierCore

/// Multipart bodies (DESIGN.md §9, RFC 7578): what the workspace says, what the builder makes
/// of it, and the exact bytes around each file.
@Suite("Multipart bodies")
struct MultipartBodyTests {
    private func workspace(_ route: String) throws(WorkspaceError) -> Workspace {
        let text = """
            {"environments": {"dev": {"base_url": "http://api.test", "variables": {"who": "Ana", "dir": "up"}}},
             "routes": [\(route)]}
            """
        return try WorkspaceLoader().load(bytes: Array(text.utf8), fileName: "environments.json", baseDirectory: "/ws")
    }

    private func build(_ route: String, _ input: RequestInput = RequestInput()) throws -> HTTPRequest {
        let loaded = try workspace(route)
        let builder = RequestBuilder(workspace: loaded, processEnvironment: [:])
        let route = try #require(loaded.routes.first)
        return try builder.build(route: route, environment: loaded.environments[0], input: input).request
    }

    private static let route = #"""
        {"name": "up", "method": "POST", "path": "/", "multipart": [
          {"name": "who", "value": "{{who}}"},
          {"name": "meta", "value": "{\"a\":1}", "content_type": "application/json"},
          {"name": "photo", "file": "{{dir}}/me.PNG"},
          {"name": "doc", "file": "/abs/notes", "filename": "n\"1.txt", "content_type": "text/markdown"},
          {"name": "note", "file": "note.txt", "as_field": true}]}
        """#

    @Test("text parts inline, files as segments with their names and types, boundary in the Content-Type")
    func wire() throws {
        let request = try build(Self.route)
        let multipart = try #require(request.multipart)
        let boundary = multipart.boundary
        #expect(boundary.hasPrefix("courier-") && boundary.count == 40)
        #expect(request.headers.value(for: "Content-Type") == "multipart/form-data; boundary=\(boundary)")
        let head = "--\(boundary)\r\nContent-Disposition: form-data; name="
        #expect(
            multipart.segments == [
                .bytes(
                    Array(
                        ("\(head)\"who\"\r\n\r\nAna\r\n"
                            + "\(head)\"meta\"\r\nContent-Type: application/json\r\n\r\n{\"a\":1}\r\n"
                            + "\(head)\"photo\"; filename=\"me.PNG\"\r\nContent-Type: image/png\r\n\r\n").utf8)),
                .file("/ws/up/me.PNG"),
                .bytes(
                    Array(
                        ("\r\n\(head)\"doc\"; filename=\"n%221.txt\"\r\nContent-Type: text/markdown\r\n\r\n").utf8)),
                .file("/abs/notes"),
                // As a plain field (curl's `-F note=<note.txt`): no file name, no type.
                .bytes(Array("\r\n\(head)\"note\"\r\n\r\n".utf8)),
                .file("/ws/note.txt"),
                .bytes(Array("\r\n--\(boundary)--\r\n".utf8)),
            ])
        let outline = String(decoding: try #require(request.body), as: UTF8.self)
        #expect(outline.contains("<contents of /ws/up/me.PNG>\r\n"))
        #expect(try build(Self.route) == request, "the same request is the same bytes")
    }

    @Test(
        "a file's type comes from its extension as curl picks it",
        arguments: [
            ("a.gif", "image/gif"), ("a.JPG", "image/jpeg"), ("a.jpeg", "image/jpeg"), ("a.svg", "image/svg+xml"),
            ("a.txt", "text/plain"), ("a.htm", "text/html"), ("a.pdf", "application/pdf"),
            ("a.xml", "application/xml"), ("a.json", "application/octet-stream"),
            ("README", "application/octet-stream"),
            ("dir.v2/file", "application/octet-stream"),
        ])
    func fileTypes(name: String, type: String) {
        #expect(MultipartBody.contentType(forFile: name) == type)
    }

    @Test("-F over a route's parts replaces them by name; a multipart Content-Type without a boundary gets one")
    func inputAndHeader() throws {
        var input = RequestInput()
        input.multipart = [
            MultipartField(name: "who", content: .value("Eva")), MultipartField(name: "x", content: .file("/x.bin")),
        ]
        let request = try build(Self.route, input)
        #expect(request.multipart?.parts.map(\.name) == ["who", "meta", "photo", "doc", "note", "x"])
        #expect(request.multipart?.parts.first?.content == .value("Eva"))
        #expect(request.multipart?.parts.last?.contentType == "application/octet-stream")

        let typed = try build(
            #"{"name": "u", "method": "POST", "path": "/", "headers": {"Content-Type": "multipart/mixed"}, "multipart": [{"name": "a", "value": "1"}]}"#
        )
        let boundary = try #require(typed.multipart?.boundary)
        #expect(typed.headers.value(for: "Content-Type") == "multipart/mixed; boundary=\(boundary)")
    }

    @Test("parts survive the workspace writer")
    func roundTrip() throws {
        let loaded = try workspace(Self.route)
        let again = try WorkspaceLoader().load(
            bytes: WorkspaceWriter().bytes(loaded), fileName: "environments.json", baseDirectory: "/ws")
        #expect(again.routes == loaded.routes)
        #expect(again.routes[0].multipart?.count == 5)
    }
}
